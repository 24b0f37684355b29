import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type Author, type Book, type BookFile, type Schemas, api } from '../../api/client';
import { runningCommand, useCommand, useCommands } from '../../api/commands';
import { keys } from '../../api/keys';
import { useQualityProfiles, useTags } from '../../api/shared-queries';
import { BookFilesTable, KindBadge } from '../../components/BookFilesTable';
import { Cover } from '../../components/Cover';
import { useStatusColor } from '../../components/ui-settings';
import { DateText } from '../../components/DateText';
import { formatBytes } from '../../components/format';
import { HistoryTable } from '../../components/HistoryTable';
import { InteractiveSearch } from '../../components/InteractiveSearch';
import { MonitorToggle } from '../../components/MonitorToggle';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { DeleteAuthorModal, EditAuthorModal, OrganizePreviewModal } from './AuthorActions';
import { groupBySeries } from './series-groups';

type Series = Schemas['SeriesResource'];
type Dialog =
  'edit' | 'delete' | 'rename' | 'retag' | { search: { authorId?: number; bookId?: number; title: string } };

/**
 * The author a page link names, by `GET /author?titleSlug=` (one author, not the whole library). When the index has
 * loaded the full list already, the author from it is shown at once while the answer comes.
 */
export function useAuthorBySlug(slug: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: keys.author(slug),
    queryFn: async () => (await api<Author[]>('author', { query: { titleSlug: slug } }))[0] ?? null,
    placeholderData: () => client.getQueryData<Author[]>(keys.authors)?.find((author) => author.titleSlug === slug),
  });
}

function BooksTable({ books, files, onSearch }: { books: Book[]; files: BookFile[]; onSearch: (book: Book) => void }) {
  const client = useQueryClient();
  const status = useStatusColor();
  const monitor = useMutation({
    mutationFn: ({ book, monitored }: { book: Book; monitored: boolean }) =>
      api('book/monitor', { method: 'PUT', body: { bookIds: [book.id], monitored } }),
    // Pending until the book list is read again: the toggle shows what the server holds, never a guess.
    onSuccess: () => client.invalidateQueries({ queryKey: ['book'] }),
  });
  const filesByBook = useMemo(() => {
    const map = new Map<number, BookFile[]>();
    for (const file of files) map.set(file.bookId ?? 0, [...(map.get(file.bookId ?? 0) ?? []), file]);
    return map;
  }, [files]);
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
      <Table striped highlightOnHover data-testid="author-books">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            <Table.Th>Title</Table.Th>
            <Table.Th>Released</Table.Th>
            <Table.Th>Pages</Table.Th>
            <Table.Th>Files</Table.Th>
            <Table.Th w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {books.map((book) => {
            const bookFiles = filesByBook.get(book.id!) ?? [];
            const pending = monitor.isPending && monitor.variables?.book.id === book.id;
            return (
              <Table.Tr key={book.id} data-testid="book-row">
                <Table.Td>
                  <MonitorToggle
                    monitored={Boolean(book.monitored)}
                    busy={pending}
                    label={book.title ?? ''}
                    onChange={(monitored) => monitor.mutate({ book, monitored })}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/book/${book.titleSlug}`}>
                    {book.title}
                  </Anchor>
                  {book.seriesTitle && (
                    <Text size="xs" c="dimmed">
                      {book.seriesTitle}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <DateText value={book.releaseDate} kind="day" />
                </Table.Td>
                <Table.Td>{book.pageCount || ''}</Table.Td>
                <Table.Td>
                  {bookFiles.length === 0 ? (
                    <Badge color={status(book.monitored ? 'red' : 'gray')} variant="light">
                      missing
                    </Badge>
                  ) : (
                    <Group gap={4}>
                      {bookFiles.map((file) => (
                        <Group key={file.id} gap={2}>
                          <KindBadge qualityId={file.quality?.quality?.id} />
                          <Badge variant="light">{file.quality?.quality?.name}</Badge>
                        </Group>
                      ))}
                    </Group>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Interactive search: ${book.title}`}
                    onClick={() => onSearch(book)}
                  >
                    Interactive search
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Monitors a whole series (Quire extension, `PUT /series/{id}`): its books now and those that join it on later
 * refreshes; the author's other books keep their flags.
 */
function SeriesMonitorToggle({ series, authorId }: { series: Series; authorId: number }) {
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: (monitored: boolean) => api(`series/${series.id}`, { method: 'PUT', body: { monitored } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['series', authorId] }),
        client.invalidateQueries({ queryKey: ['book'] }),
      ]),
  });
  return (
    <MonitorToggle
      monitored={Boolean(series.monitored)}
      busy={toggle.isPending}
      label={`series ${series.title ?? ''}`}
      onChange={(monitored) => toggle.mutate(monitored)}
    />
  );
}

function Header({ author }: { author: Author }) {
  const status = useStatusColor();
  const profiles = useQualityProfiles();
  const tags = useTags();
  const stats = author.statistics;
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      <Cover images={author.images} size={500} width={160} height={240} alt={author.authorName ?? ''} />
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Title order={2}>{author.authorName}</Title>
        <Group gap="xs">
          <Badge variant="light" color={status(author.monitored ? 'teal' : 'gray')}>
            {author.monitored ? 'Monitored' : 'Unmonitored'}
          </Badge>
          <Badge variant="light">{author.status}</Badge>
          <Badge variant="light">{profiles.data?.find((p) => p.id === author.qualityProfileId)?.name}</Badge>
          <Badge variant="outline">{formatBytes(stats?.sizeOnDisk)}</Badge>
          <Badge variant="outline" data-testid="author-book-stats">
            {stats?.bookFileCount ?? 0} / {stats?.bookCount ?? 0} books ({stats?.totalBookCount ?? 0} total)
          </Badge>
          {(author.tags ?? []).map((id) => (
            <Badge key={id} color="grape" variant="dot">
              {tags.data?.find((t) => t.id === id)?.label}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {author.path}
        </Text>
        <Group gap="xs">
          {(author.links ?? []).map((link) => (
            <Anchor key={link.url} href={link.url ?? undefined} target="_blank" rel="noreferrer" size="sm">
              {link.name}
            </Anchor>
          ))}
        </Group>
        <Text size="sm" lineClamp={5}>
          {author.overview}
        </Text>
      </Stack>
    </Group>
  );
}

export default function AuthorDetailPage() {
  const { titleSlug = '' } = useParams();
  const author = useAuthorBySlug(titleSlug);
  if (author.isPending) return <LoadingState label="Loading author" />;
  if (author.error) return <ErrorState error={author.error} onRetry={() => void author.refetch()} />;
  if (!author.data)
    return (
      <EmptyState title="Author not found">
        <Anchor component={Link} to="/">
          Back to the authors
        </Anchor>
      </EmptyState>
    );
  return <AuthorDetail author={author.data} />;
}

function AuthorDetail({ author }: { author: Author }) {
  const client = useQueryClient();
  const authorId = author.id!;
  const books = useQuery({
    queryKey: keys.books({ authorId }),
    queryFn: () => api<Book[]>('book', { query: { authorId } }),
  });
  const files = useQuery({
    queryKey: keys.bookFiles({ authorId }),
    queryFn: () => api<BookFile[]>('bookfile', { query: { authorId } }),
  });
  const series = useQuery({
    queryKey: ['series', authorId],
    queryFn: () => api<Series[]>('series', { query: { authorId } }),
  });
  const commands = useCommands();
  const command = useCommand();
  const [dialog, setDialog] = useState<Dialog>();
  const [layout, setLayout] = useState<'series' | 'table'>('series');
  const refreshing = runningCommand(
    commands,
    ['RefreshAuthor', 'BulkRefreshAuthor'],
    (body) => body.authorId === authorId || (Array.isArray(body.authorIds) && body.authorIds.includes(authorId)),
  );
  const searching = runningCommand(commands, ['AuthorSearch'], (body) => body.authorId === authorId);
  const toggleAuthor = useMutation({
    mutationFn: () => api(`author/${authorId}`, { method: 'PUT', body: { ...author, monitored: !author.monitored } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['author'] }),
  });
  const groups = useMemo(() => groupBySeries(books.data ?? [], series.data ?? []), [books.data, series.data]);
  const bookTitle = (bookId?: number) => books.data?.find((book) => book.id === bookId)?.title ?? '';
  return (
    <Stack>
      <Group gap="xs">
        <Button
          size="xs"
          loading={Boolean(refreshing)}
          onClick={() => command.mutate({ name: 'RefreshAuthor', authorId })}
        >
          Refresh &amp; scan
        </Button>
        <Button
          size="xs"
          variant="light"
          loading={Boolean(searching)}
          onClick={() => command.mutate({ name: 'AuthorSearch', authorId })}
        >
          Search monitored automatically
        </Button>
        <Button
          size="xs"
          variant="light"
          onClick={() => setDialog({ search: { authorId, title: author.authorName ?? '' } })}
        >
          Interactive search
        </Button>
        <Button size="xs" variant="default" onClick={() => toggleAuthor.mutate()} loading={toggleAuthor.isPending}>
          {author.monitored ? 'Unmonitor author' : 'Monitor author'}
        </Button>
        <Menu>
          <Menu.Target>
            <Button size="xs" variant="default">
              More
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setDialog('rename')}>Preview rename</Menu.Item>
            <Menu.Item onClick={() => setDialog('retag')}>Preview retag</Menu.Item>
            <Menu.Item onClick={() => setDialog('edit')}>Edit</Menu.Item>
            <Menu.Item color="red" onClick={() => setDialog('delete')}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {refreshing && (
        <Alert color="blue" icon={<Loader size="xs" />} data-testid="refresh-progress">
          Refreshing: {refreshing.message ?? refreshing.status}
        </Alert>
      )}
      {command.error && <Alert color="red">{command.error.message}</Alert>}
      <Header author={author} />
      <Tabs defaultValue="books" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="books">Books</Tabs.Tab>
          <Tabs.Tab value="files">Files</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="books" pt="sm">
          {books.isPending ? (
            <LoadingState label="Loading books" />
          ) : books.error ? (
            <ErrorState error={books.error} onRetry={() => void books.refetch()} />
          ) : books.data.length === 0 ? (
            <EmptyState title={refreshing ? 'Books appear when the refresh ends' : 'No books'} />
          ) : (
            <Stack>
              <SegmentedControl
                size="xs"
                w="fit-content"
                value={layout}
                onChange={(v) => setLayout(v)}
                data={[
                  { value: 'series', label: 'By series' },
                  { value: 'table', label: 'All books' },
                ]}
              />
              {layout === 'table' ? (
                <BooksTable
                  books={books.data}
                  files={files.data ?? []}
                  onSearch={(book) => setDialog({ search: { bookId: book.id, title: book.title ?? '' } })}
                />
              ) : (
                groups.map((group) => (
                  <Stack key={group.title} gap={4}>
                    <Group gap="xs">
                      {group.series && <SeriesMonitorToggle series={group.series} authorId={authorId} />}
                      <Title order={5}>{group.title}</Title>
                    </Group>
                    <BooksTable
                      books={group.books}
                      files={files.data ?? []}
                      onSearch={(book) => setDialog({ search: { bookId: book.id, title: book.title ?? '' } })}
                    />
                  </Stack>
                ))
              )}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="files" pt="sm">
          {files.isPending ? (
            <LoadingState />
          ) : files.error ? (
            <ErrorState error={files.error} />
          ) : (
            <BookFilesTable files={files.data} bookTitle={bookTitle} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="sm">
          <HistoryTable authorId={authorId} />
        </Tabs.Panel>
      </Tabs>
      {dialog === 'edit' && <EditAuthorModal author={author} onClose={() => setDialog(undefined)} />}
      {dialog === 'delete' && <DeleteAuthorModal author={author} onClose={() => setDialog(undefined)} />}
      {(dialog === 'rename' || dialog === 'retag') && (
        <OrganizePreviewModal kind={dialog} authorId={authorId} onClose={() => setDialog(undefined)} />
      )}
      {typeof dialog === 'object' && (
        <InteractiveSearch
          query={{ authorId: dialog.search.bookId ? undefined : dialog.search.authorId, bookId: dialog.search.bookId }}
          title={dialog.search.title}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Stack>
  );
}
