/**
 * A .NET TimeSpan as System.Text.Json writes it (the "c" format): `[-][d.]hh:mm:ss[.fffffff]`,
 * the fraction only when it is not zero.
 */
export function formatTimeSpan(milliseconds: number): string {
  const negative = milliseconds < 0;
  const ticks = Math.round(Math.abs(milliseconds) * 10_000);
  const totalSeconds = Math.floor(ticks / 10_000_000);
  const fraction = ticks % 10_000_000;
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    (negative ? '-' : '') +
    (days > 0 ? `${days}.` : '') +
    `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` +
    (fraction > 0 ? `.${String(fraction).padStart(7, '0')}` : '')
  );
}
