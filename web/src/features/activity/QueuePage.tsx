import {
  Anchor,
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Progress,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiForIds } from '../../api/client';
import { useCommand } from '../../api/commands';
import { Pager, SelectAllHeader, SortHeader, usePagedList, usePageSelection } from '../../components/PagedTable';
import { useFormats, useStatusColor } from '../../components/ui-settings';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatBytes } from '../../components/format';
import {
  type QueueItem,
  canGrab,
  canManualImport,
  formatTimeLeft,
  queueProgress,
  queueStatus,
  statusLines,
} from './activity';
import { ManualImportDialog } from './ManualImportDialog';
import { RemoveQueueDialog, type RemoveOptions } from './RemoveQueueDialog';

interface RowActions {
  onSelect: () => void;
  onRemove: () => void;
  onGrab: () => void;
  onManualImport: () => void;
}

function QueueRow({
  item,
  selected,
  grabbing,
  actions,
}: {
  item: QueueItem;
  selected: boolean;
  grabbing: boolean;
  actions: RowActions;
}) {
  const status = queueStatus(item);
  const lines = statusLines(item);
  const progress = queueProgress(item);
  const color = useStatusColor();
  const formats = useFormats();
  return (
    <Table.Tr data-testid="queue-row">
      <Table.Td>
        <Checkbox aria-label={`Select ${item.title ?? item.id}`} checked={selected} onChange={actions.onSelect} />
      </Table.Td>
      <Table.Td>
        <Tooltip label={lines.join('\n') || status.label} multiline disabled={lines.length === 0}>
          <Badge color={color(status.color)} variant="light" data-testid="queue-status">
            {status.label}
          </Badge>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        {item.author?.titleSlug ? (
          <Anchor component={Link} inherit to={`/author/${item.author.titleSlug}`}>
            {item.author.authorName}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Unknown author
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {item.book?.titleSlug ? (
          <Anchor component={Link} inherit to={`/book/${item.book.titleSlug}`}>
            {item.book.title}
          </Anchor>
        ) : null}
        <Text size="xs" c="dimmed" lineClamp={1}>
          {item.title}
        </Text>
        {lines.map((line) => (
          <Text
            key={line}
            size="xs"
            c={`var(--mantine-color-${status.color === 'red' ? color('red') : 'yellow'}-light-color)`}
            data-testid="queue-message"
          >
            {line}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>{item.quality?.quality?.name}</Table.Td>
      <Table.Td>{item.downloadClient}</Table.Td>
      <Table.Td title={item.estimatedCompletionTime ? formats.full(item.estimatedCompletionTime) : undefined}>
        {formatTimeLeft(item.timeleft)}
      </Table.Td>
      <Table.Td w={160}>
        <Tooltip label={`${formatBytes(item.size - item.sizeleft)} / ${formatBytes(item.size)}`}>
          <Progress
            value={progress}
            color={color('teal')}
            aria-label={`${progress}% downloaded`}
            data-testid="queue-progress"
          />
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {canGrab(item) && (
            <Button size="compact-xs" variant="light" loading={grabbing} onClick={actions.onGrab}>
              Grab
            </Button>
          )}
          {canManualImport(item) && (
            <Button size="compact-xs" variant="light" color="yellow" onClick={actions.onManualImport}>
              Manual import
            </Button>
          )}
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${item.title ?? ''}`} onClick={actions.onRemove}>
            ✕
          </ActionIcon>
        </Group>
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
  const records = query.data?.records ?? [];
  const selection = usePageSelection(records);
  const [removing, setRemoving] = useState<number[] | null>(null);
  const [importing, setImporting] = useState<QueueItem | null>(null);
  const refresh = useCommand();
  const remove = useMutation({
    mutationFn: ({ ids, options }: { ids: number[]; options: RemoveOptions }) =>
      apiForIds('queue', ids, { method: 'DELETE', query: { ...options } }),
    onSuccess: (_result, { ids, options }) => {
      selection.forget(ids);
      setRemoving(null);
      void client.invalidateQueries({ queryKey: ['queue'] });
      if (options.blocklist) void client.invalidateQueries({ queryKey: ['blocklist'] });
    },
  });
  // Held-back releases are sent to the client now; the queue message that follows shows them downloading.
  const grab = useMutation({
    mutationFn: (ids: number[]) => apiForIds('queue/grab', ids, { method: 'POST' }),
    onSuccess: (_result, ids) => {
      selection.forget(ids);
      void client.invalidateQueries({ queryKey: ['queue'] });
    },
  });
  const grabbable = records
    .filter((item) => canGrab(item) && selection.chosen.includes(item.id))
    .map((item) => item.id);
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
            variant="light"
            disabled={grabbable.length === 0}
            loading={grab.isPending}
            onClick={() => grab.mutate(grabbable)}
          >
            Grab selected
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={selection.chosen.length === 0}
            onClick={() => setRemoving(selection.chosen)}
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
                  <SelectAllHeader selected={selection.selected} ids={selection.ids} onChange={selection.setSelected} />
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
                    selected={selection.isSelected(item.id)}
                    grabbing={grab.isPending && grab.variables.includes(item.id)}
                    actions={{
                      onSelect: () => selection.toggle(item.id),
                      onRemove: () => setRemoving([item.id]),
                      onGrab: () => grab.mutate([item.id]),
                      onManualImport: () => setImporting(item),
                    }}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager state={state} totalRecords={query.data.totalRecords} onPage={goToPage} />
        </>
      )}
      {(remove.error ?? grab.error) && <ErrorState error={remove.error ?? grab.error} />}
      <RemoveQueueDialog
        key={removing?.join() ?? 'closed'}
        opened={removing !== null}
        count={removing?.length ?? 0}
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(options) => removing && remove.mutate({ ids: removing, options })}
      />
      {importing && <ManualImportDialog item={importing} onClose={() => setImporting(null)} />}
    </>
  );
}
