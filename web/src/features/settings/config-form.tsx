import { Alert, Button, Group } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHotkeys } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError, api } from '../../api/client';
import { failuresByField } from './provider/provider-form';
import { useUnsavedChanges } from './unsaved-changes';

type Config = Record<string, unknown>;

/**
 * What a save sends: the loaded config with the edits, less the `sentOnlyWhenEdited` properties the user left
 * alone (a property the server reads as a choice when present, e.g. the metadata source type).
 */
export function configBody<T extends Config>(loaded: T | undefined, edits: Partial<T>, sentOnlyWhenEdited: string[]) {
  const body: Config = { ...(loaded ?? {}), ...edits };
  for (const key of sentOnlyWhenEdited) if (!(key in edits)) delete body[key];
  return body as Partial<T>;
}

/**
 * One `config/<section>` resource as an editable draft: GET, edit locally, PUT on save; a 400's failures are
 * given per property (the Readarr PascalCase names matched case-insensitively) for the inputs to show.
 */
export function useConfigForm<T extends Config>(section: string, options: { sentOnlyWhenEdited?: string[] } = {}) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['config', section], queryFn: () => api<T>(`config/${section}`) });
  const [edits, setEdits] = useState<Partial<T>>({});
  const draft = { ...(query.data ?? {}), ...edits } as T;
  const save = useMutation({
    mutationFn: () =>
      api<T>(`config/${section}`, {
        method: 'PUT',
        body: configBody(query.data, edits, options.sentOnlyWhenEdited ?? []),
      }),
    onSuccess: (saved) => {
      client.setQueryData(['config', section], saved);
      setEdits({});
    },
  });
  const failures = save.error instanceof ApiError ? save.error.failures : [];
  const { byField, general } = failuresByField(failures, Object.keys(draft));
  const errorOf = (name: keyof T & string) => byField[name]?.errors.join('; ') || undefined;
  const set = (patch: Partial<T>) => setEdits((current) => ({ ...current, ...patch }));
  const dirty = Object.keys(edits).length > 0;
  useUnsavedChanges(dirty);
  return {
    query,
    draft,
    set,
    save,
    errorOf,
    general,
    dirty,
    reset: () => setEdits({}),
  };
}

interface SaveBarForm {
  save: { mutate: () => void; isPending: boolean; isSuccess: boolean; error: Error | null };
  general: { errorMessage: string }[];
  dirty: boolean;
  reset: () => void;
}

/** Save/discard for a config form; failures that name no input show above the buttons. */
export function SaveBar({ form, label = 'Save changes' }: { form: SaveBarForm; label?: string }) {
  const named = form.save.error instanceof ApiError && form.save.error.failures.length > form.general.length;
  const other = form.save.error && form.general.length === 0 && !named;
  // Readarr's Ctrl+S (⌘S): saves from inside a field too, hence no tags ignored.
  useHotkeys([['mod+S', () => form.dirty && !form.save.isPending && form.save.mutate()]], []);
  return (
    <>
      {(form.general.length > 0 || other) && (
        <Alert color="red">
          {form.general.map((failure) => failure.errorMessage).join('; ') || form.save.error?.message}
        </Alert>
      )}
      <Group gap="xs">
        <Button onClick={() => form.save.mutate()} loading={form.save.isPending} disabled={!form.dirty}>
          {label}
        </Button>
        {form.dirty && (
          <Button variant="default" onClick={form.reset}>
            Discard
          </Button>
        )}
        {form.save.isSuccess && !form.dirty && <span>Saved</span>}
      </Group>
    </>
  );
}
