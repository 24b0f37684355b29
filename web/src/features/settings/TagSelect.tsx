import { MultiSelect } from '@mantine/core';
import { useTags } from '../../api/shared-queries';

/** The record's tags, chosen from `/api/v1/tag` by label. */
export function TagSelect({
  value,
  onChange,
  error,
  label = 'Tags',
}: {
  value: number[] | undefined | null;
  onChange: (tags: number[]) => void;
  error?: string;
  label?: string;
}) {
  const tags = useTags();
  return (
    <MultiSelect
      label={label}
      data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.label ?? String(tag.id) }))}
      value={(value ?? []).map(String)}
      onChange={(next) => onChange(next.map(Number))}
      error={error}
      searchable
    />
  );
}
