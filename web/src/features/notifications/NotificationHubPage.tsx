import {
  Badge,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { api } from '../../api/client';
import { useFormats, useStatusColor } from '../../components/ui-settings';
import { DateText } from '../../components/DateText';
import { Pager, SortHeader, usePagedList } from '../../components/PagedTable';
import { EmptyState, ErrorState, LoadingState, QueryState } from '../../components/States';
import {
  type ChannelsHealth,
  type Delivery,
  HUB_CHANNELS,
  type NotificationRecord,
  STATE_COLORS,
  channelHealth,
  deliverySummary,
  filterQuery,
} from './notifications';
import { SendTestForm } from './SendTestForm';

function ChannelHealthCards() {
  const status = useStatusColor();
  const health = useQuery({
    queryKey: ['hub', 'channels'],
    queryFn: () => api<ChannelsHealth>('health/channels', { outsideApi: true }),
    refetchInterval: 10_000,
  });
  return (
    <QueryState query={health}>
      {(data) => (
        <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="channel-health">
          {Object.entries(data.channels).map(([name, channel]) => {
            const shown = channelHealth(channel);
            return (
              <Card key={name} withBorder padding="sm">
                <Group justify="space-between">
                  <Text fw={600}>{name}</Text>
                  <Badge color={status(shown.color)}>{shown.label}</Badge>
                </Group>
                {shown.detail && (
                  <Text size="xs" c="dimmed">
                    {shown.detail}
                  </Text>
                )}
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

function Deliveries({ deliveries }: { deliveries: Delivery[] }) {
  const status = useStatusColor();
  const formats = useFormats();
  if (deliveries.length === 0) return <Text size="sm">No delivery: no channel was chosen.</Text>;
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
      <Table withTableBorder data-testid="deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Channel</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Attempts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery, index) => (
            <Table.Tr key={`${delivery.channel}-${delivery.connectionId ?? ''}-${index}`} data-testid="delivery-row">
              <Table.Td>
                {delivery.channel}
                {delivery.connectionId !== undefined && ` (connection ${delivery.connectionId})`}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={status(STATE_COLORS[delivery.state] ?? 'gray')}>
                  {delivery.state}
                </Badge>
                {delivery.nextAttemptAt && (
                  <Text size="xs" c="dimmed">
                    next try {formats.time(delivery.nextAttemptAt, { includeSeconds: true })}
                  </Text>
                )}
                {delivery.lastError && (
                  <Text size="xs" c={status('red')}>
                    {delivery.lastError}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {delivery.attempts.map((attempt) => (
                  <Text key={attempt.number} component="div" size="xs" data-testid="attempt">
                    #{attempt.number} {formats.time(attempt.startedAt, { includeSeconds: true })}{' '}
                    <Badge size="xs" variant="light" color={status(STATE_COLORS[attempt.outcome] ?? 'gray')}>
                      {attempt.outcome}
                    </Badge>{' '}
                    {attempt.statusCode ? `HTTP ${attempt.statusCode} ` : ''}
                    {attempt.durationMs} ms {attempt.error ?? ''}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StoredNotifications() {
  const status = useStatusColor();
  const [filter, setFilter] = useState({
    sourceAgent: '',
    status: null as string | null,
    channel: null as string | null,
  });
  const [open, setOpen] = useState<string | null>(null);
  const { state, setState, query, sortBy, goToPage } = usePagedList<NotificationRecord>(
    'hub',
    'notifications',
    { pageSize: 20, sortKey: 'createdAt', sortDirection: 'descending' },
    filterQuery(filter),
    // The live hub says nothing about these: retries in the background show up by polling.
    { pollMs: 5000, pollLive: true, outsideApi: true },
  );
  const change = (next: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setState((current) => ({ ...current, page: 1 }));
  };
  const records = query.data?.records ?? [];
  return (
    <>
      <Group mb="sm" align="flex-end">
        <TextInput
          label="Agent"
          placeholder="any"
          value={filter.sourceAgent}
          onChange={(e) => change({ sourceAgent: e.currentTarget.value })}
        />
        <Select
          label="Status"
          placeholder="any"
          clearable
          data={['ok', 'partial', 'failed']}
          value={filter.status}
          onChange={(status) => change({ status })}
        />
        <Select
          label="Channel"
          placeholder="any"
          clearable
          data={[...HUB_CHANNELS, 'webhook']}
          value={filter.channel}
          onChange={(channel) => change({ channel })}
        />
      </Group>
      {query.isPending ? (
        <LoadingState />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : records.length === 0 ? (
        <EmptyState title="No notifications" />
      ) : (
        <>
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
            <Table data-testid="notifications">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader label="Created" sortKey="createdAt" state={state} onSort={sortBy} />
                  <SortHeader label="Agent" sortKey="sourceAgent" state={state} onSort={sortBy} />
                  <Table.Th>Title</Table.Th>
                  <SortHeader label="Priority" sortKey="priority" state={state} onSort={sortBy} />
                  <SortHeader label="Status" sortKey="status" state={state} onSort={sortBy} />
                  <Table.Th>Deliveries</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((record) => (
                  <Fragment key={record.id}>
                    <Table.Tr data-testid="notification-row">
                      <Table.Td>
                        <DateText value={record.createdAt} />
                      </Table.Td>
                      <Table.Td>{record.sourceAgent}</Table.Td>
                      <Table.Td>
                        <UnstyledButton
                          onClick={() => setOpen(open === record.id ? null : record.id)}
                          aria-expanded={open === record.id}
                          fw={500}
                        >
                          {open === record.id ? '▾' : '▸'} {record.title}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{record.priority}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={status(STATE_COLORS[record.finalState] ?? 'gray')}>
                          {record.finalState}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{deliverySummary(record.deliveries)}</Text>
                      </Table.Td>
                    </Table.Tr>
                    {open === record.id && (
                      <Table.Tr>
                        <Table.Td colSpan={6}>
                          <Stack gap={4}>
                            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                              {record.body}
                            </Text>
                            <Text size="xs" c="dimmed">
                              Routed by {record.resolvedBy}; requested{' '}
                              {record.requestedChannels.join(', ') || 'no channel'}
                            </Text>
                            <Deliveries deliveries={record.deliveries} />
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager state={state} totalRecords={query.data.totalRecords} onPage={goToPage} />
        </>
      )}
    </>
  );
}

/** `/system/notifications`: the notification hub's channels, its stored notifications, and a test send. */
export default function NotificationHubPage() {
  return (
    <Stack gap="lg">
      <section>
        <Title order={3} mb="xs">
          Channels
        </Title>
        <ChannelHealthCards />
      </section>
      <section>
        <Title order={3} mb="xs">
          Send a test notification
        </Title>
        <SendTestForm />
      </section>
      <section>
        <Title order={3} mb="xs">
          Notifications
        </Title>
        <StoredNotifications />
      </section>
    </Stack>
  );
}
