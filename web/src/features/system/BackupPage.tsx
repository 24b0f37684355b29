import { ActionIcon, Alert, Anchor, Badge, Button, FileButton, Group, Table, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, currentConfig } from '../../api/client';
import { runningCommand, useCommand, useCommands } from '../../api/commands';
import { EmptyState, ErrorState, QueryState } from '../../components/States';
import { formatBytes } from '../../components/format';
import type { Backup } from './system';
import { DateText } from '../../components/DateText';

/** `POST /system/backup/restore/upload` takes the zip as multipart form data. */
async function uploadRestore(file: File): Promise<void> {
  const { apiRoot, apiKey } = currentConfig();
  const form = new FormData();
  form.append('restore', file);
  const response = await fetch(`${apiRoot}/system/backup/restore/upload`, {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey },
    body: form,
  });
  if (!response.ok) throw new ApiError(response.status, (await response.text()) || response.statusText);
}

/**
 * `/system/backup`: backup now (the new one appears when the command ends), download, restore (a listed backup or an
 * uploaded zip; the server applies it at once), delete.
 */
export default function BackupPage() {
  const client = useQueryClient();
  const backups = useQuery({ queryKey: ['system', 'backup'], queryFn: () => api<Backup[]>('system/backup') });
  const backup = useCommand();
  const running = runningCommand(useCommands(), ['Backup'], () => true);
  const [restored, setRestored] = useState(false);
  const restore = useMutation({
    mutationFn: (source: number | File) =>
      typeof source === 'number' ? api(`system/backup/restore/${source}`, { method: 'POST' }) : uploadRestore(source),
    // The restore is applied at once: every list the app holds is from before it.
    onSuccess: () => {
      setRestored(true);
      void client.invalidateQueries();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(`system/backup/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['system', 'backup'] }),
  });
  const error = backup.error ?? restore.error ?? remove.error;
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2}>Backups</Title>
        <Group gap="xs">
          <FileButton accept=".zip,application/zip" onChange={(file) => file && restore.mutate(file)}>
            {(props) => (
              <Button {...props} size="xs" variant="default" loading={restore.isPending}>
                Restore from file
              </Button>
            )}
          </FileButton>
          <Button
            size="xs"
            loading={backup.isPending || Boolean(running)}
            onClick={() => backup.mutate({ name: 'Backup' })}
          >
            Backup now
          </Button>
        </Group>
      </Group>
      {restored && (
        <Alert color="teal" title="Restored" mb="sm" data-testid="restore-done">
          The backup was restored: Quire uses its data now, no restart needed.
        </Alert>
      )}
      {error && <ErrorState error={error} />}
      <QueryState query={backups}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState title="No backups yet" />
          ) : (
            <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
              <Table striped data-testid="backups">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Size</Table.Th>
                    <Table.Th>Time</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <Table.Tr key={item.id} data-testid="backup-row">
                      <Table.Td>
                        <Badge variant="light">{item.type}</Badge>
                      </Table.Td>
                      <Table.Td>
                        <Anchor href={item.path} download={item.name}>
                          {item.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{formatBytes(item.size)}</Table.Td>
                      <Table.Td>
                        <DateText value={item.time} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            aria-label={`Restore ${item.name}`}
                            onClick={() => {
                              if (window.confirm(`Restore ${item.name}? Quire must be restarted afterwards.`))
                                restore.mutate(item.id);
                            }}
                          >
                            Restore
                          </Button>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${item.name}`}
                            loading={remove.isPending && remove.variables === item.id}
                            onClick={() => remove.mutate(item.id)}
                          >
                            ✕
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </>
  );
}
