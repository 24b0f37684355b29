import { useEffect, useState } from 'react';
import { useFormats } from './ui-settings';
import type { DateValue } from './dates';

/**
 * A date as Settings → UI asks for it, with the long date and time in its tooltip (as Readarr's date cells):
 * `when` an instant in a list (today's as its time), `day` a release day, `fromNow` scheduled work ('in 5 minutes',
 * re-drawn every half minute), `dateTime` the short date with the time.
 */
export function DateText({
  value,
  kind = 'when',
  empty = '',
}: {
  value: DateValue;
  kind?: 'when' | 'day' | 'fromNow' | 'dateTime';
  empty?: string;
}) {
  const formats = useFormats();
  const [, tick] = useState(0);
  const ticking = kind === 'fromNow' && formats.settings.showRelativeDates && Boolean(value);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => tick((count) => count + 1), 30_000);
    return () => clearInterval(timer);
  }, [ticking]);
  if (!value) return <>{empty}</>;
  const text =
    kind === 'day'
      ? formats.day(value)
      : kind === 'fromNow'
        ? formats.fromNow(value)
        : kind === 'dateTime'
          ? formats.shortDateTime(value)
          : formats.when(value);
  return <span title={kind === 'day' ? formats.longDay(value) : formats.full(value)}>{text}</span>;
}
