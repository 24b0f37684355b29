import { ActionIcon, Badge, Button, Checkbox, Group, Progress, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useCommand } from '../../api/commands';
import { Pager, SelectAllHeader, SortHeader, usePagedList } from '../../components/PagedTable';
import { selectedOnPage, toggleId } from '../../components/paging';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatBytes } from '../../components/format';
import { type QueueItem, formatTimeLeft, queueProgress, queueStatus, statusLines } from './activity';
import { RemoveQueueDialog, type RemoveOptions } from './RemoveQueueDialog';

function QueueRow({
  item,
  selected,
  onSelect,
  onRemove,
}: {
  item: QueueItem;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
}) {
  const status = queueStatus(item);
  const lines = statusLines(item);
  const progress = queueProgress(item);
  return (
    <Table.Tr data-testid="queue-row">
      <Table.Td>
        <Checkbox aria-label={`Select ${item.title ?? item.id}`} checked={selected} onChange={onSelect} />
      </Table.Td>
      <Table.Td>
        <Tooltip label={lines.join('\n') || status.label} multiline disabled={lines.length === 0}>
          <Badge color={status.color} variant="light" data-testid="queue-status">
            {status.label}
          </Badge>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        {item.author?.titleSlug ? (
          <Link to={`/author/${item.author.titleSlug}`}>{item.author.authorName}</Link>
        ) : (
          <Text size="sm" c="dimmed">
            Unknown author
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {item.book?.titleSlug ? <Link to={`/book/${item.book.titleSlug}`}>{item.book.title}</Link> : null}
        <Text size="xs" c="dimmed" lineClamp={1}>
          {item.title}
        </Text>
        {lines.map((line) => (
          <Text key={line} size="xs" c={status.color === 'red' ? 'red' : 'yellow.8'} data-testid="queue-message">
            {line}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>{item.quality?.quality?.name}</Table.Td>
      <Table.Td>{item.downloadClient}</Table.Td>
      <Table.Td>{formatTimeLeft(item.timeleft)}</Table.Td>
      <Table.Td w={160}>
        <Tooltip label={`${formatBytes(item.size - item.sizeleft)} / ${formatBytes(item.size)}`}>
          <Progress value={progress} aria-label={`${progress}% downloaded`} data-testid="queue-progress" />
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${item.title ?? ''}`} onClick={onRemove}>
          ✕
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

/** `/activity/queue`: what the download clients are doing, refreshed by the hub's `queue` messages. */
export default function QueuePage() {
  const client = useQueryClient();
  const { state, query, sortBy, goToPage } = usePagedList<QueueItem>(
    'queue',
    'queue',
    { pageSize: 20, sortKey: 'timeleft', sortDirection: 'ascending' },
    { includeAuthor: true, includeBook: true, includeUnknownAuthorItems: true },
    { pollMs: 5000 },
  );
  const [selected, setSelected] = useState<number[]>([]);
  const [removing, setRemoving] = useState<number[] | null>(null);
  const refresh = useCommand();
  const remove = useMutation({
    mutationFn: async ({ ids, options }: { ids: number[]; options: RemoveOptions }) => {
      if (ids.length === 1) await api(`queue/${ids[0]}`, { method: 'DELETE', query: { ...options } });
      else await api('queue/bulk', { method: 'DELETE', body: { ids }, query: { ...options } });
    },
    onSuccess: (_result, { ids, options }) => {
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      setRemoving(null);
      void client.invalidateQueries({ queryKey: ['queue'] });
      if (options.blocklist) void client.invalidateQueries({ queryKey: ['blocklist'] });
    },
  });
  const records = query.data?.records ?? [];
  const ids = records.map((item) => item.id);
  const chosen = selectedOnPage(selected, ids);
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2}>Queue</Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            loading={refresh.isPending}
            onClick={() => refresh.mutate({ name: 'RefreshMonitoredDownloads' })}
          >
            Refresh
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={chosen.length === 0}
            onClick={() => setRemoving(chosen)}
          >
            Remove selected
          </Button>
        </Group>
      </Group>
      {query.isPending ? (
        <LoadingState />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : records.length === 0 ? (
        <EmptyState title="Queue is empty">
          <Text size="sm" c="dimmed">
            Grabbed releases appear here while they download and import.
          </Text>
        </EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped data-testid="queue">
              <Table.Thead>
                <Table.Tr>
                  <SelectAllHeader selected={selected} ids={ids} onChange={setSelected} />
                  <SortHeader label="Status" sortKey="status" state={state} onSort={sortBy} />
                  <SortHeader label="Author" sortKey="authors.sortName" state={state} onSort={sortBy} />
                  <SortHeader label="Book" sortKey="book.title" state={state} onSort={sortBy} />
                  <SortHeader label="Quality" sortKey="quality" state={state} onSort={sortBy} />
                  <SortHeader label="Client" sortKey="downloadClient" state={state} onSort={sortBy} />
                  <SortHeader label="Time left" sortKey="timeleft" state={state} onSort={sortBy} />
                  <SortHeader label="Progress" sortKey="progress" state={state} onSort={sortBy} />
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((item) => (
                  <QueueRow
                    key={item.id}
                    item={item}
                    selected={selected.includes(item.id)}
                    onSelect={() => setSelected((current) => toggleId(current, item.id))}
                    onRemove={() => setRemoving([item.id])}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager state={state} totalRecords={query.data.totalRecords} onPage={goToPage} />
        </>
      )}
      {remove.error && <ErrorState error={remove.error} />}
      <RemoveQueueDialog
        key={removing?.join() ?? 'closed'}
        opened={removing !== null}
        count={removing?.length ?? 0}
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(options) => removing && remove.mutate({ ids: removing, options })}
      />
    </>
  );
}
