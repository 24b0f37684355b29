import { Anchor, ActionIcon, Button, Checkbox, Group, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiForIds } from '../../api/client';
import { runningCommand, useCommand, useCommands } from '../../api/commands';
import { DateText } from '../../components/DateText';
import { Pager, SelectAllHeader, SortHeader, usePagedList, usePageSelection } from '../../components/PagedTable';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import type { BlocklistItem } from './activity';

/** `/activity/blocklist`: releases that will not be grabbed again; remove some, or clear them all. */
export default function BlocklistPage() {
  const client = useQueryClient();
  const { state, query, sortBy, goToPage } = usePagedList<BlocklistItem>('blocklist', 'blocklist', {
    pageSize: 20,
    sortKey: 'date',
    sortDirection: 'descending',
  });
  const records = query.data?.records ?? [];
  const selection = usePageSelection(records);
  const clear = useCommand();
  const clearing = runningCommand(useCommands(), ['ClearBlocklist'], () => true);
  const remove = useMutation({
    mutationFn: (ids: number[]) => apiForIds('blocklist', ids, { method: 'DELETE' }),
    onSuccess: (_result, ids) => {
      selection.forget(ids);
      void client.invalidateQueries({ queryKey: ['blocklist'] });
    },
  });
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2}>Blocklist</Title>
        <Group gap="xs">
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={selection.chosen.length === 0}
            loading={remove.isPending}
            onClick={() => remove.mutate(selection.chosen)}
          >
            Remove selected
          </Button>
          <Button
            size="xs"
            color="red"
            disabled={records.length === 0}
            loading={clear.isPending || Boolean(clearing)}
            onClick={() => {
              if (window.confirm('Remove every release from the blocklist?')) clear.mutate({ name: 'ClearBlocklist' });
            }}
          >
            Clear
          </Button>
        </Group>
      </Group>
      {remove.error && <ErrorState error={remove.error} />}
      {query.isPending ? (
        <LoadingState />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : records.length === 0 ? (
        <EmptyState title="Blocklist is empty" />
      ) : (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped data-testid="blocklist">
              <Table.Thead>
                <Table.Tr>
                  <SelectAllHeader selected={selection.selected} ids={selection.ids} onChange={selection.setSelected} />
                  <SortHeader label="Author" sortKey="authorMetadata.sortName" state={state} onSort={sortBy} />
                  <SortHeader label="Source" sortKey="sourceTitle" state={state} onSort={sortBy} />
                  <Table.Th>Quality</Table.Th>
                  <SortHeader label="Indexer" sortKey="indexer" state={state} onSort={sortBy} />
                  <SortHeader label="Date" sortKey="date" state={state} onSort={sortBy} />
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((item) => (
                  <Table.Tr key={item.id} data-testid="blocklist-row">
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${item.sourceTitle ?? item.id}`}
                        checked={selection.isSelected(item.id)}
                        onChange={() => selection.toggle(item.id)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {item.author?.titleSlug && (
                        <Anchor component={Link} inherit to={`/author/${item.author.titleSlug}`}>
                          {item.author.authorName}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.sourceTitle}</Text>
                      {item.message && (
                        <Text size="xs" c="dimmed">
                          {item.message}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{item.quality?.quality?.name}</Table.Td>
                    <Table.Td>{item.indexer}</Table.Td>
                    <Table.Td>
                      <DateText value={item.date} />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${item.sourceTitle ?? ''}`}
                        onClick={() => remove.mutate([item.id])}
                      >
                        ✕
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
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
