import { Anchor, Button, Checkbox, Group, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Book, api } from '../../api/client';
import { runningCommand, useCommand, useCommands } from '../../api/commands';
import { MonitorToggle } from '../../components/MonitorToggle';
import { Pager, SelectAllHeader, SortHeader, usePagedList } from '../../components/PagedTable';
import { selectedOnPage, toggleId } from '../../components/paging';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { DateText } from '../../components/DateText';

const KINDS = {
  missing: { title: 'Missing', path: 'wanted/missing', searchAll: 'MissingBookSearch', empty: 'No missing books' },
  cutoff: {
    title: 'Cutoff unmet',
    path: 'wanted/cutoff',
    searchAll: 'CutoffUnmetBookSearch',
    empty: 'Every book meets its quality cutoff',
  },
} as const;

/** `/wanted/missing` and `/wanted/cutoffunmet`: books to search for, paged and sorted by the server. */
export default function WantedPage({ kind }: { kind: keyof typeof KINDS }) {
  const config = KINDS[kind];
  const client = useQueryClient();
  const [monitored, setMonitored] = useState(true);
  const { state, setState, query, sortBy, goToPage } = usePagedList<Book>(
    'wanted',
    config.path,
    { pageSize: 20, sortKey: 'releaseDate', sortDirection: 'descending' },
    { includeAuthor: true, monitored },
  );
  const [selected, setSelected] = useState<number[]>([]);
  const command = useCommand();
  const commands = useCommands();
  const searchingAll = runningCommand(commands, [config.searchAll], () => true);
  const searchingBooks = runningCommand(commands, ['BookSearch'], () => true);
  const monitor = useMutation({
    mutationFn: ({ bookIds, value }: { bookIds: number[]; value: boolean }) =>
      api('book/monitor', { method: 'PUT', body: { bookIds, monitored: value } }),
    onSuccess: () => {
      for (const root of ['wanted', 'book', 'author']) void client.invalidateQueries({ queryKey: [root] });
    },
  });
  const records = query.data?.records ?? [];
  const ids = records.map((book) => book.id ?? 0);
  const chosen = selectedOnPage(selected, ids);
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2}>{config.title}</Title>
        <Group gap="xs">
          <Switch
            label="Monitored only"
            checked={monitored}
            onChange={(event) => {
              setMonitored(event.currentTarget.checked);
              setState((current) => ({ ...current, page: 1 }));
            }}
          />
          <Button
            size="xs"
            variant="default"
            disabled={chosen.length === 0}
            loading={Boolean(searchingBooks)}
            onClick={() => command.mutate({ name: 'BookSearch', bookIds: chosen })}
          >
            Search selected automatically
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={chosen.length === 0}
            loading={monitor.isPending}
            onClick={() => monitor.mutate({ bookIds: chosen, value: !monitored })}
          >
            {monitored ? 'Unmonitor selected' : 'Monitor selected'}
          </Button>
          <Button
            size="xs"
            loading={Boolean(searchingAll)}
            disabled={records.length === 0}
            onClick={() => command.mutate({ name: config.searchAll })}
          >
            Search all automatically
          </Button>
        </Group>
      </Group>
      {(command.error ?? monitor.error) && <ErrorState error={command.error ?? monitor.error} />}
      {query.isPending ? (
        <LoadingState />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : records.length === 0 ? (
        <EmptyState title={config.empty} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped data-testid="wanted">
              <Table.Thead>
                <Table.Tr>
                  <SelectAllHeader selected={selected} ids={ids} onChange={setSelected} />
                  <Table.Th w={40} />
                  <SortHeader label="Author" sortKey="authorMetadata.sortName" state={state} onSort={sortBy} />
                  <SortHeader label="Book" sortKey="books.title" state={state} onSort={sortBy} />
                  <SortHeader label="Release date" sortKey="releaseDate" state={state} onSort={sortBy} />
                  <SortHeader label="Last search" sortKey="lastSearchTime" state={state} onSort={sortBy} />
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((book) => {
                  const id = book.id ?? 0;
                  return (
                    <Table.Tr key={id} data-testid="wanted-row">
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${book.title}`}
                          checked={selected.includes(id)}
                          onChange={() => setSelected((current) => toggleId(current, id))}
                        />
                      </Table.Td>
                      <Table.Td>
                        <MonitorToggle
                          monitored={Boolean(book.monitored)}
                          label={book.title ?? ''}
                          busy={monitor.isPending && monitor.variables?.bookIds.includes(id)}
                          onChange={(value) => monitor.mutate({ bookIds: [id], value })}
                        />
                      </Table.Td>
                      <Table.Td>
                        {book.author?.titleSlug && (
                          <Anchor component={Link} inherit to={`/author/${book.author.titleSlug}`}>
                            {book.author.authorName}
                          </Anchor>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {book.titleSlug ? (
                          <Anchor component={Link} inherit to={`/book/${book.titleSlug}`}>
                            {book.title}
                          </Anchor>
                        ) : (
                          book.title
                        )}
                      </Table.Td>
                      <Table.Td>
                        <DateText value={book.releaseDate} kind="day" />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          <DateText value={book.lastSearchTime} empty="never" />
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-label={`Search automatically: ${book.title}`}
                          onClick={() => command.mutate({ name: 'BookSearch', bookIds: [id] })}
                        >
                          Search automatically
                        </Button>
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
