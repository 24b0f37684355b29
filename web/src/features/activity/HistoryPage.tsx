import { Anchor, Badge, Button, Group, Select, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { DateText } from '../../components/DateText';
import { Pager, SortHeader, usePagedList } from '../../components/PagedTable';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { useStatusColor } from '../../components/ui-settings';
import { HISTORY_EVENTS, type HistoryItem, canMarkFailed, eventTypeFilter, historyEvent } from './activity';

const FILTERS = [
  { value: 'all', label: 'All events' },
  ...HISTORY_EVENTS.map((e) => ({ value: e.name, label: e.label })),
];

/** `/activity/history`: every grab, import, failure… paged by the server, filtered by event type. */
export default function HistoryPage() {
  const client = useQueryClient();
  const status = useStatusColor();
  const [filter, setFilter] = useState('all');
  const { state, setState, query, sortBy, goToPage } = usePagedList<HistoryItem>(
    'history',
    'history',
    { pageSize: 20, sortKey: 'date', sortDirection: 'descending' },
    { includeAuthor: true, includeBook: true, eventType: eventTypeFilter(filter) },
  );
  const markFailed = useMutation({
    mutationFn: (id: number) => api(`history/failed/${id}`, { method: 'POST' }),
    onSuccess: () => {
      for (const root of ['history', 'queue', 'blocklist']) void client.invalidateQueries({ queryKey: [root] });
    },
  });
  const records = query.data?.records ?? [];
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2}>History</Title>
        <Select
          aria-label="Event type"
          data={FILTERS}
          value={filter}
          allowDeselect={false}
          onChange={(value) => {
            setFilter(value ?? 'all');
            setState((current) => ({ ...current, page: 1 }));
          }}
          w={220}
        />
      </Group>
      {markFailed.error && <ErrorState error={markFailed.error} />}
      {query.isPending ? (
        <LoadingState />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : records.length === 0 ? (
        <EmptyState title={filter === 'all' ? 'No history yet' : 'No events of this type'} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped data-testid="history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Event</Table.Th>
                  <SortHeader label="Author" sortKey="authorMetadata.sortName" state={state} onSort={sortBy} />
                  <SortHeader label="Book" sortKey="books.title" state={state} onSort={sortBy} />
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Quality</Table.Th>
                  <SortHeader label="Date" sortKey="date" state={state} onSort={sortBy} />
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((item) => {
                  const event = historyEvent(item.eventType);
                  return (
                    <Table.Tr key={item.id} data-testid="history-row">
                      <Table.Td>
                        <Badge variant="light" tt="none" color={status(event.color)} data-testid="history-event">
                          {event.label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {item.author?.titleSlug && (
                          <Anchor component={Link} inherit to={`/author/${item.author.titleSlug}`}>
                            {item.author.authorName}
                          </Anchor>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {item.book?.titleSlug && (
                          <Anchor component={Link} inherit to={`/book/${item.book.titleSlug}`}>
                            {item.book.title}
                          </Anchor>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={1}>
                          {item.sourceTitle}
                        </Text>
                        {item.data?.message && (
                          <Text size="xs" c="dimmed">
                            {item.data.message}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{item.quality?.quality?.name}</Table.Td>
                      <Table.Td>
                        <DateText value={item.date} />
                      </Table.Td>
                      <Table.Td>
                        {canMarkFailed(item) && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            loading={markFailed.isPending && markFailed.variables === item.id}
                            onClick={() => markFailed.mutate(item.id)}
                          >
                            Mark failed
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager state={state} totalRecords={query.data.totalRecords} onPage={goToPage} />
        </>
      )}
    </>
  );
}
