import { Alert, Button, Group, RangeSlider, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type UseMutationResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../../api/client';
import { QueryState } from '../../../components/States';
import { differs, useUnsavedChanges } from '../unsaved-changes';
import {
  failureTarget,
  fromSlider,
  type QualityDefinition,
  SLIDER_MAX,
  sizeLabel,
  toSlider,
} from './quality-definition';

const KEY = ['qualitydefinition'];

type SaveAll = UseMutationResult<QualityDefinition[], Error, QualityDefinition[]>;

function DefinitionsTable({ stored, save }: { stored: QualityDefinition[]; save: SaveAll }) {
  const [draft, setDraft] = useState(stored);
  const dirty = differs(draft, stored);
  useUnsavedChanges(dirty);
  const failures = save.error instanceof ApiError ? save.error.failures : [];
  const errorsOf = (index: number) =>
    failures.filter((failure) => failureTarget(failure.propertyName)?.index === index).map((f) => f.errorMessage);
  const update = (index: number, patch: Partial<QualityDefinition>) =>
    setDraft((current) => current.map((definition, i) => (i === index ? { ...definition, ...patch } : definition)));
  return (
    <Stack>
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
        <Table data-testid="quality-definitions" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Quality</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th w="45%">Size limit (per 100 pages / per hour)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.map((definition, index) => (
              <Table.Tr key={definition.id} data-testid="quality-definition-row">
                <Table.Td>{definition.quality?.name}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Title of ${definition.quality?.name}`}
                    value={definition.title ?? ''}
                    onChange={(e) => update(index, { title: e.currentTarget.value })}
                    size="xs"
                  />
                </Table.Td>
                <Table.Td>
                  <RangeSlider
                    min={0}
                    max={SLIDER_MAX}
                    minRange={1}
                    value={toSlider(definition)}
                    onChange={(range) => update(index, fromSlider(range))}
                    label={null}
                    thumbFromLabel={`Minimum size of ${definition.quality?.name}`}
                    thumbToLabel={`Maximum size of ${definition.quality?.name}`}
                  />
                  <Group justify="space-between" mt={4}>
                    <Text size="xs" c="dimmed">
                      {sizeLabel(definition.minSize ?? 0)}
                    </Text>
                    <Text size="xs" c="dimmed" data-testid="max-size">
                      {sizeLabel(definition.maxSize)}
                    </Text>
                  </Group>
                  {errorsOf(index).length > 0 && (
                    <Text size="xs" c="red">
                      {errorsOf(index).join('; ')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {save.error && failures.length === 0 && <Alert color="red">{save.error.message}</Alert>}
      <Group gap="xs">
        <Button onClick={() => save.mutate(draft)} loading={save.isPending} disabled={!dirty}>
          Save changes
        </Button>
        {dirty && (
          <Button variant="default" onClick={() => setDraft(stored)}>
            Discard
          </Button>
        )}
        {save.isSuccess && !dirty && <span>Saved</span>}
      </Group>
    </Stack>
  );
}

/** Settings → Quality: each quality's title and size limits, saved all at once (`PUT qualitydefinition/update`). */
export default function QualityDefinitionsPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => api<QualityDefinition[]>('qualitydefinition') });
  // Here, not in the table: a save gives the table a new stored list (and a fresh draft), the outcome stays.
  const save = useMutation({
    mutationFn: (draft: QualityDefinition[]) =>
      api<QualityDefinition[]>('qualitydefinition/update', { method: 'PUT', body: draft }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
  return (
    <Stack>
      <Title order={2}>Quality definitions</Title>
      <QueryState query={list}>
        {/* Keyed by the stored list: a save (or a change elsewhere) starts the draft again from the server's. */}
        {(stored) => <DefinitionsTable key={JSON.stringify(stored)} stored={stored} save={save} />}
      </QueryState>
    </Stack>
  );
}
