import { Anchor, Button, Group, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { runningCommand, useCommand, useCommands } from '../../api/commands';
import { DateText } from '../../components/DateText';
import { QueryList } from '../../components/States';
import type { LogFile } from './system';

/** `/system/logs/files`: the log files on disk, each downloaded with the session cookie. */
export default function LogFilesPage() {
  const files = useQuery({ queryKey: ['logfile'], queryFn: () => api<LogFile[]>('log/file') });
  const remove = useCommand();
  const deleting = runningCommand(useCommands(), ['DeleteLogFiles'], () => true);
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2}>Log files</Title>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void files.refetch()}>
            Refresh
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={remove.isPending || Boolean(deleting)}
            onClick={() => remove.mutate({ name: 'DeleteLogFiles' })}
          >
            Delete log files
          </Button>
        </Group>
      </Group>
      <QueryList query={files} empty="No log files">
        {(items) => (
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
            <Table striped data-testid="log-files">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Last write</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((file) => (
                  <Table.Tr key={file.filename} data-testid="log-file-row">
                    <Table.Td>{file.filename}</Table.Td>
                    <Table.Td>
                      <DateText value={file.lastWriteTime} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor href={file.downloadUrl} download={file.filename} size="sm">
                        Download
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryList>
    </>
  );
}
