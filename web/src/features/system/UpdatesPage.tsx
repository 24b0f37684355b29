import { Alert, Badge, Group, List, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, currentConfig } from '../../api/client';
import { QueryList } from '../../components/States';
import type { Update } from './system';
import { DateText } from '../../components/DateText';

/**
 * `/system/updates`: Readarr's update list (`GET /update`). Quire never updates itself, so the list holds the running
 * version only; the page says so and shows which version is installed.
 */
export default function UpdatesPage() {
  const updates = useQuery({ queryKey: ['update'], queryFn: () => api<Update[]>('update') });
  const available = (updates.data ?? []).filter((update) => !update.installed && update.installable);
  return (
    <>
      <Title order={2} mb="sm">
        Updates
      </Title>
      <Alert color="blue" mb="md" data-testid="updates-state">
        <Text size="sm">
          {available.length === 0
            ? `No updates: Quire ${currentConfig().packageVersion} is installed.`
            : `${available.length} update(s) listed.`}{' '}
          Quire does not update itself: a new version comes with your package or container image (for example
          <code> docker compose pull</code>), and a restart.
        </Text>
      </Alert>
      <QueryList query={updates} empty="No updates">
        {(items) => (
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
            <Table striped data-testid="updates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Version reported to Readarr clients</Table.Th>
                  <Table.Th>Branch</Table.Th>
                  <Table.Th>Running since</Table.Th>
                  <Table.Th>Changes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((update) => (
                  <Table.Tr key={update.version} data-testid="update-row">
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm">{update.version}</Text>
                        {update.installed && (
                          <Badge color="teal" variant="light">
                            Installed
                          </Badge>
                        )}
                        {update.latest && <Badge variant="light">Latest</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td>{update.branch}</Table.Td>
                    <Table.Td>
                      <DateText value={update.installedOn ?? update.releaseDate} />
                    </Table.Td>
                    <Table.Td>
                      <Changes changes={update.changes} />
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

function Changes({ changes }: { changes: Update['changes'] }) {
  const lines = [...changes.new.map((line) => `New: ${line}`), ...changes.fixed.map((line) => `Fixed: ${line}`)];
  if (lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <List size="sm">
      {lines.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}
