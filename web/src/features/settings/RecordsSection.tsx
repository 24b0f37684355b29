import { ActionIcon, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../api/client';
import { QueryState } from '../../components/States';
import { failuresByField } from './provider/provider-form';

const cell = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? value : '');

interface Column {
  key: string;
  label: string;
  placeholder?: string;
}

/**
 * A small list of plain records (remote path mappings, import list exclusions): a table with delete, and a row
 * to add one; a 400's failures show on the input they name.
 */
export function RecordsSection({ resource, title, columns }: { resource: string; title: string; columns: Column[] }) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: [resource], queryFn: () => api<Record<string, unknown>[]>(resource) });
  const empty = Object.fromEntries(columns.map((column) => [column.key, '']));
  const [draft, setDraft] = useState<Record<string, string>>(empty);
  const add = useMutation({
    mutationFn: () => api(resource, { method: 'POST', body: draft }),
    onSuccess: async () => {
      setDraft(empty);
      await client.invalidateQueries({ queryKey: [resource] });
    },
  });
  const remove = useMutation({
    mutationFn: (id: unknown) => api(`${resource}/${String(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: [resource] }),
  });
  const failures = add.error instanceof ApiError ? add.error.failures : [];
  const { byField, general } = failuresByField(
    failures,
    columns.map((column) => column.key),
  );
  return (
    <Stack gap="xs" mt="lg">
      <Title order={3}>{title}</Title>
      <QueryState query={list}>
        {(rows) => (
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
            <Table data-testid={`${resource}-table`}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.key}>{column.label}</Table.Th>
                  ))}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length + 1}>
                      <Text size="sm" c="dimmed">
                        None yet
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((row) => (
                  <Table.Tr key={String(row.id)}>
                    {columns.map((column) => (
                      <Table.Td key={column.key}>{cell(row[column.key])}</Table.Td>
                    ))}
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="Delete"
                        onClick={() => remove.mutate(row.id)}
                        loading={remove.isPending && remove.variables === row.id}
                      >
                        ×
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <Group align="flex-start" gap="xs">
        {columns.map((column) => (
          <TextInput
            key={column.key}
            aria-label={column.label}
            placeholder={column.placeholder ?? column.label}
            value={draft[column.key]}
            onChange={(event) => setDraft({ ...draft, [column.key]: event.currentTarget.value })}
            error={byField[column.key]?.errors.join('; ') || undefined}
          />
        ))}
        <Button onClick={() => add.mutate()} loading={add.isPending}>
          Add
        </Button>
      </Group>
      {(general.length > 0 || (add.error && failures.length === 0)) && (
        <Text size="sm" c="red">
          {general.map((failure) => failure.errorMessage).join('; ') || add.error?.message}
        </Text>
      )}
    </Stack>
  );
}
