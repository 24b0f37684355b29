import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError, api } from '../../api/client';
import { failuresByField, type ProviderFailure } from './provider/provider-form';
import { differs, useUnsavedChanges } from './unsaved-changes';

/**
 * One record of a plain REST resource (`/<resource>`, `/<resource>/<id>`) edited as a draft: POST when new, PUT
 * otherwise, DELETE; a 400's failures per property (matched against `names` and the record's own keys).
 */
export function useResourceEditor<T extends { id?: number }>(options: {
  resource: string;
  initial: T;
  queryKey: QueryKey;
  alsoInvalidate?: QueryKey[];
  onDone: () => void;
  names?: string[];
}) {
  const client = useQueryClient();
  const [value, setValue] = useState<T>(options.initial);
  const done = async () => {
    await Promise.all(
      [options.queryKey, ...(options.alsoInvalidate ?? [])].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
    options.onDone();
  };
  const save = useMutation({
    mutationFn: () =>
      api<T>(value.id ? `${options.resource}/${value.id}` : options.resource, {
        method: value.id ? 'PUT' : 'POST',
        body: value,
      }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: () => api(`${options.resource}/${value.id}`, { method: 'DELETE' }),
    onSuccess: done,
  });
  const failures = (save.error instanceof ApiError ? save.error.failures : []) as ProviderFailure[];
  const { byField, general } = failuresByField(failures, [...(options.names ?? []), ...Object.keys(value)]);
  const dirty = differs(value, options.initial);
  useUnsavedChanges(dirty);
  return {
    value,
    setValue,
    set: (patch: Partial<T>) => setValue((current) => ({ ...current, ...patch })),
    save,
    remove,
    failures,
    byField,
    general,
    errorOf: (name: string) => byField[name]?.errors.join('; ') || undefined,
    dirty,
  };
}

export type ResourceEditor<T extends { id?: number }> = ReturnType<typeof useResourceEditor<T>>;

/** The modal around a resource editor: its inputs, failures that name no input, Delete (when stored) and Save. */
export function EditorModal<T extends { id?: number }>({
  title,
  editor,
  onClose,
  children,
  size = 'lg',
  shownElsewhere,
}: {
  title: string;
  editor: ResourceEditor<T>;
  onClose: () => void;
  children: ReactNode;
  size?: string;
  /** Failures the children show themselves (e.g. on a nested record's inputs), left out of the alert. */
  shownElsewhere?: (failure: ProviderFailure) => boolean;
}) {
  const { save, remove, failures } = editor;
  const general = shownElsewhere ? editor.general.filter((failure) => !shownElsewhere(failure)) : editor.general;
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <Stack gap="sm">
        {children}
        {(general.length > 0 || (save.error && failures.length === 0)) && (
          <Alert color="red" data-testid="form-failures">
            {general.map((failure) => failure.errorMessage).join('; ') || save.error?.message}
          </Alert>
        )}
        {remove.error && <Alert color="red">{remove.error.message}</Alert>}
        <Group justify="space-between">
          <Group>
            {editor.value.id !== undefined && (
              <Button color="red" variant="light" onClick={() => remove.mutate()} loading={remove.isPending}>
                Delete
              </Button>
            )}
          </Group>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** `GET /<resource>/schema`: the template a new record starts from (read once). */
export const useTemplate = <T,>(resource: string) =>
  useQuery({ queryKey: [resource, 'schema'], queryFn: () => api<T>(`${resource}/schema`), staleTime: Infinity });
