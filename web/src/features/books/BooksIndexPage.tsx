import { Anchor, Badge, Button, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Book, api } from '../../api/client';
import { useStatusColor } from '../../components/ui-settings';
import { DateText } from '../../components/DateText';
import { MonitorToggle } from '../../components/MonitorToggle';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { VirtualRows } from '../../components/VirtualRows';
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

function BookRow({ book, onMonitor }: { book: Book; onMonitor: (book: Book, monitored: boolean) => void }) {
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
      <MonitorToggle
        monitored={Boolean(book.monitored)}
        label={book.title ?? ''}
        onChange={(monitored) => onMonitor(book, monitored)}
      />
      <Anchor component={Link} to={`/book/${book.titleSlug}`} style={{ flex: 3, minWidth: 0 }} truncate size="sm">
        {book.title}
      </Anchor>
      <Text size="sm" style={{ flex: 2, minWidth: 0 }} truncate c="dimmed">
        {book.authorTitle?.slice(0, Math.max(0, (book.authorTitle?.length ?? 0) - (book.title?.length ?? 0))).trim()}
      </Text>
      <Text size="sm" w={100}>
        <DateText value={book.releaseDate} kind="day" />
      </Text>
      <Badge
        w={80}
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
        <VirtualRows
          testId="books-list"
          count={books.total}
          rowHeight={ROW_HEIGHT}
          onRange={books.onRange}
          renderRow={(index) => {
            const book = books.row(index);
            return book ? (
              <BookRow book={book} onMonitor={(target, monitored) => monitor.mutate({ book: target, monitored })} />
            ) : (
              <Skeleton h={ROW_HEIGHT - 8} my={4} />
            );
          }}
        />
      )}
    </Stack>
  );
}
