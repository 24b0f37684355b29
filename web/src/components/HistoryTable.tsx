import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type History, api } from '../api/client';
import { DateText } from './DateText';
import { historyEvent } from './history-events';
import { useStatusColor } from './ui-settings';
import { EmptyState, ErrorState, LoadingState } from './States';

/** An author's or a book's history (`/history/author`), newest first. */
export function HistoryTable({ authorId, bookId }: { authorId: number; bookId?: number }) {
  const status = useStatusColor();
  const history = useQuery({
    queryKey: ['history', { authorId, bookId }],
    queryFn: () => api<History[]>('history/author', { query: { authorId, bookId } }),
  });
  if (history.isPending) return <LoadingState />;
  if (history.error) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.length === 0) return <EmptyState title="No history yet" />;
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
      <Table striped data-testid="history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Quality</Table.Th>
            <Table.Th>Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.data.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Badge
                  variant="light"
                  tt="none"
                  color={status(historyEvent(item.eventType).color)}
                  data-testid="history-event"
                >
                  {historyEvent(item.eventType).label}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.sourceTitle}</Text>
              </Table.Td>
              <Table.Td>{item.quality?.quality?.name}</Table.Td>
              <Table.Td>
                <DateText value={item.date} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
