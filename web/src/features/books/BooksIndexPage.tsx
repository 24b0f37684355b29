import { Anchor, Badge, Box, Button, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type Author, type Book, api } from '../../api/client';
import { keys } from '../../api/keys';
import { useStatusColor } from '../../components/ui-settings';
import { DateText } from '../../components/DateText';
import { MonitorToggle } from '../../components/MonitorToggle';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { VirtualRows, VirtualRowsHeader, WideList } from '../../components/VirtualRows';
import { type BookListFilter, usePagedBooks } from './paged-books';

const SORTS = [
  { value: 'title', label: 'Title' },
  { value: 'authorName', label: 'Author' },
  { value: 'releaseDate', label: 'Release date' },
  { value: 'added', label: 'Added' },
];
const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'monitored', label: 'Monitored' },
  { value: 'unmonitored', label: 'Unmonitored' },
  { value: 'missing', label: 'Missing' },
  { value: 'have', label: 'On disk' },
];

const ROW_HEIGHT = 40;

/** The columns' sizes, shared by the header and the rows. */
const COLUMNS = {
  monitor: { w: 28, style: { flexShrink: 0 } },
  title: { style: { flex: 3, minWidth: 0 } },
  author: { style: { flex: 2, minWidth: 0 } },
  released: { w: 100, style: { flexShrink: 0 } },
  status: { w: 80, style: { flexShrink: 0 } },
};

function BookRow({
  book,
  authorName,
  onMonitor,
}: {
  book: Book;
  authorName: string | undefined;
  onMonitor: (book: Book, monitored: boolean) => void;
}) {
  const status = useStatusColor();
  return (
    <Group
      h={ROW_HEIGHT}
      px="xs"
      gap="sm"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="book-row"
    >
      <Box {...COLUMNS.monitor}>
        <MonitorToggle
          monitored={Boolean(book.monitored)}
          label={book.title ?? ''}
          onChange={(monitored) => onMonitor(book, monitored)}
        />
      </Box>
      <Anchor component={Link} to={`/book/${book.titleSlug}`} {...COLUMNS.title} truncate size="sm">
        {book.title}
      </Anchor>
      <Text size="sm" {...COLUMNS.author} truncate c="dimmed" data-testid="book-author">
        {authorName}
      </Text>
      <Text size="sm" {...COLUMNS.released}>
        <DateText value={book.releaseDate} kind="day" />
      </Text>
      <Badge
        {...COLUMNS.status}
        size="sm"
        variant="light"
        color={status((book.statistics?.bookFileCount ?? 0) > 0 ? 'teal' : book.monitored ? 'red' : 'gray')}
      >
        {(book.statistics?.bookFileCount ?? 0) > 0 ? 'on disk' : 'missing'}
      </Badge>
    </Group>
  );
}

/** `/books`: the whole library, one server page at a time, as windowed rows (never 100,000 rows in the DOM). */
export default function BooksIndexPage() {
  const client = useQueryClient();
  const [sortKey, setSortKey] = useState('title');
  const [sortDirection, setDirection] = useState<'ascending' | 'descending'>('ascending');
  const [filterKey, setFilterKey] = useState('all');
  const [term, setTerm] = useState('');
  const [debouncedTerm] = useDebouncedValue(term, 300);
  const filter: BookListFilter = {
    sortKey,
    sortDirection,
    term: debouncedTerm || undefined,
    monitored: filterKey === 'monitored' ? true : filterKey === 'unmonitored' ? false : undefined,
    missing: filterKey === 'missing' ? true : filterKey === 'have' ? false : undefined,
  };
  const books = usePagedBooks(filter);
  // The paged listing names the author by sort name only ("le guin, ursula k."): the display name comes from the
  // author list the authors index keeps cached.
  const authors = useQuery({ queryKey: keys.authors, queryFn: () => api<Author[]>('author'), staleTime: 60_000 });
  const authorNames = useMemo(
    () => new Map((authors.data ?? []).map((author) => [author.id, author.authorName ?? undefined])),
    [authors.data],
  );
  const monitor = useMutation({
    mutationFn: ({ book, monitored }: { book: Book; monitored: boolean }) =>
      api('book/monitor', { method: 'PUT', body: { bookIds: [book.id], monitored } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['book'] }),
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={3}>Books</Title>
          {books.first.data && (
            <Badge variant="light" data-testid="book-total">
              {books.total.toLocaleString()}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <TextInput
            size="xs"
            placeholder="Search titles"
            aria-label="Search titles"
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
          />
          <Select
            size="xs"
            w={140}
            aria-label="Filter"
            data={FILTERS}
            value={filterKey}
            onChange={(v) => setFilterKey(v ?? 'all')}
            allowDeselect={false}
          />
          <Select
            size="xs"
            w={140}
            aria-label="Sort by"
            data={SORTS}
            value={sortKey}
            onChange={(v) => setSortKey(v ?? 'title')}
            allowDeselect={false}
          />
          <Button
            size="xs"
            variant="default"
            aria-label="Sort direction"
            onClick={() => setDirection(sortDirection === 'ascending' ? 'descending' : 'ascending')}
          >
            {sortDirection === 'ascending' ? '↑' : '↓'}
          </Button>
        </Group>
      </Group>
      {books.first.isPending ? (
        <LoadingState label="Loading books" />
      ) : books.first.error ? (
        <ErrorState error={books.first.error} onRetry={() => void books.first.refetch()} />
      ) : books.total === 0 ? (
        <EmptyState title="No books" />
      ) : (
        <WideList minWidth={520}>
          <VirtualRowsHeader testId="books-header">
            <Box {...COLUMNS.monitor} aria-hidden />
            <Text inherit {...COLUMNS.title}>
              Title
            </Text>
            <Text inherit {...COLUMNS.author}>
              Author
            </Text>
            <Text inherit {...COLUMNS.released}>
              Released
            </Text>
            <Text inherit {...COLUMNS.status}>
              Status
            </Text>
          </VirtualRowsHeader>
          <VirtualRows
            testId="books-list"
            count={books.total}
            rowHeight={ROW_HEIGHT}
            onRange={books.onRange}
            renderRow={(index) => {
              const book = books.row(index);
              return book ? (
                <BookRow
                  book={book}
                  authorName={authorNames.get(book.authorId)}
                  onMonitor={(target, monitored) => monitor.mutate({ book: target, monitored })}
                />
              ) : (
                <Skeleton h={ROW_HEIGHT - 8} my={4} />
              );
            }}
          />
        </WideList>
      )}
    </Stack>
  );
}
