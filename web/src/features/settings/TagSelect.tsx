import { MultiSelect } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Tag, api } from '../../api/client';
import { keys } from '../../api/keys';
import { useTags } from '../../api/shared-queries';

/**
 * The record's tags, chosen from `/api/v1/tag` by label. A label that is no tag yet is created with Enter, in place,
 * as Readarr's tag input does, so a form need not be left for Settings → Tags.
 */
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
  const client = useQueryClient();
  const tags = useTags();
  const [search, setSearch] = useState('');
  const chosen = value ?? [];
  const create = useMutation({
    mutationFn: (text: string) => api<Tag>('tag', { method: 'POST', body: { label: text } }),
    onSuccess: (tag) => {
      client.setQueryData<Tag[]>(keys.tags, (current) => [...(current ?? []), tag]);
      onChange([...chosen, tag.id!]);
      setSearch('');
    },
  });
  const typed = search.trim();
  const existing = (tags.data ?? []).find((tag) => (tag.label ?? '').toLowerCase() === typed.toLowerCase());
  return (
    <MultiSelect
      label={label}
      data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.label ?? String(tag.id) }))}
      value={chosen.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      error={error ?? create.error?.message}
      description={typed && !existing ? `Press Enter to create the tag “${typed}”` : undefined}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={typed ? 'No such tag: Enter creates it' : undefined}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !typed || existing || create.isPending) return;
        event.preventDefault();
        create.mutate(typed);
      }}
    />
  );
}
