import { Anchor, Badge, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useFormats, useStatusColor } from '../../components/ui-settings';
import { EmptyState, QueryState } from '../../components/States';
import { formatBytes } from '../../components/format';
import { ownHelpLink } from '../../components/help-links';
import {
  type DiskSpace,
  HEALTH_COLORS,
  HEALTH_WORDS,
  type HealthItem,
  type SystemStatus,
  diskUsed,
  fixPage,
} from './system';

function Health() {
  const color = useStatusColor();
  const health = useQuery({ queryKey: ['health'], queryFn: () => api<HealthItem[]>('health') });
  return (
    <QueryState query={health}>
      {(items) =>
        items.length === 0 ? (
          <Text c={`var(--mantine-color-${color('teal')}-light-color)`} data-testid="health-ok">
            No issues with your configuration
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
            <Table data-testid="health">
              <Table.Tbody>
                {items.map((item) => {
                  const fix = fixPage(item.source);
                  return (
                    <Table.Tr key={`${item.source}-${item.message}`} data-testid="health-row">
                      <Table.Td w={110}>
                        <Badge
                          color={color(HEALTH_COLORS[item.type] ?? 'gray')}
                          tt="none"
                          title={HEALTH_WORDS[item.type]?.title}
                          style={{ overflow: 'visible' }}
                        >
                          {HEALTH_WORDS[item.type]?.label ?? item.type}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{item.message}</Table.Td>
                      <Table.Td w={160}>
                        <Group gap="xs">
                          {fix && (
                            <Anchor component={Link} to={fix} size="sm">
                              Fix
                            </Anchor>
                          )}
                          {ownHelpLink(item.wikiUrl) && (
                            <Anchor href={item.wikiUrl} target="_blank" rel="noreferrer" size="sm">
                              Wiki
                            </Anchor>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </QueryState>
  );
}

function Disks() {
  const color = useStatusColor();
  const disks = useQuery({ queryKey: ['diskspace'], queryFn: () => api<DiskSpace[]>('diskspace') });
  return (
    <QueryState query={disks}>
      {(items) =>
        items.length === 0 ? (
          <EmptyState title="No root folders to measure" />
        ) : (
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
            <Table data-testid="disk-space">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Free</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th w={240}>Used</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((disk) => (
                  <Table.Tr key={disk.path}>
                    <Table.Td>{disk.path}</Table.Td>
                    <Table.Td>{formatBytes(disk.freeSpace)}</Table.Td>
                    <Table.Td>{formatBytes(disk.totalSpace)}</Table.Td>
                    <Table.Td>
                      <Progress
                        value={diskUsed(disk)}
                        color={color(diskUsed(disk) > 90 ? 'red' : 'blue')}
                        aria-label={`${diskUsed(disk)}% used`}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </QueryState>
  );
}

function About() {
  const formats = useFormats();
  const status = useQuery({
    queryKey: ['system', 'status'],
    queryFn: () => api<SystemStatus>('system/status'),
    staleTime: 300_000,
  });
  return (
    <QueryState query={status}>
      {(system) => (
        <Table data-testid="about" w="fit-content">
          <Table.Tbody>
            {[
              ['Quire version', system.packageVersion],
              ['Readarr API level', system.version],
              ['Runtime', `${system.runtimeName} ${system.runtimeVersion}`],
              ['Database', `${system.databaseType} ${system.databaseVersion}`],
              ['Migration', String(system.migrationVersion)],
              ['App data', system.appData],
              ['Startup path', system.startupPath],
              ['Mode', system.mode],
              ['Started', formats.full(system.startTime)],
            ].map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}

/** `/system/status`: health (live over the hub), disk space and about. */
export default function StatusPage() {
  return (
    <Stack gap="lg">
      <section>
        <Title order={3} mb="xs">
          Health
        </Title>
        <Health />
      </section>
      <section>
        <Title order={3} mb="xs">
          Disk space
        </Title>
        <Disks />
      </section>
      <section>
        <Title order={3} mb="xs">
          About
        </Title>
        <About />
      </section>
    </Stack>
  );
}
