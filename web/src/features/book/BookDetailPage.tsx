import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type Author, type Book, type BookFile, type Edition, api } from '../../api/client';
import { runningCommand, useCommand, useCommands } from '../../api/commands';
import { keys } from '../../api/keys';
import { BookFilesTable } from '../../components/BookFilesTable';
import { Cover } from '../../components/Cover';
import { useFormats, useStatusColor } from '../../components/ui-settings';
import { DateText } from '../../components/DateText';
import { HistoryTable } from '../../components/HistoryTable';
import { InteractiveSearch } from '../../components/InteractiveSearch';
import { byMediaKind } from '../../components/media-kind';
import { MonitorToggle } from '../../components/MonitorToggle';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { SendToDeviceButtons } from './SendToDevice';

function Editions({ bookId }: { bookId: number }) {
  const editions = useQuery({
    queryKey: ['edition', bookId],
    queryFn: () => api<Edition[]>('edition', { query: { bookId } }),
  });
  if (editions.isPending) return <LoadingState />;
  if (editions.error) return <ErrorState error={editions.error} />;
  if (editions.data.length === 0) return <EmptyState title="No editions" />;
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
      <Table striped data-testid="editions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Format</Table.Th>
            <Table.Th>Publisher</Table.Th>
            <Table.Th>ISBN</Table.Th>
            <Table.Th>Pages</Table.Th>
            <Table.Th>Released</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {editions.data.map((edition) => (
            <Table.Tr key={edition.id}>
              <Table.Td>{edition.title}</Table.Td>
              <Table.Td>
                {edition.format}
                {edition.isEbook ? ' (ebook)' : ''}
              </Table.Td>
              <Table.Td>{edition.publisher}</Table.Td>
              <Table.Td>{edition.isbn13}</Table.Td>
              <Table.Td>{edition.pageCount || ''}</Table.Td>
              <Table.Td>
                <DateText value={edition.releaseDate as unknown as string} kind="day" />
              </Table.Td>
              <Table.Td>{edition.monitored && <Badge size="xs">monitored</Badge>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Ebook and audiobook files side by side: one library keeps both kinds of one book. */
function FilesByKind({ files }: { files: BookFile[] }) {
  const groups = byMediaKind(files);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Stack gap={4} data-testid="ebook-files">
        <Title order={5}>Ebook</Title>
        <BookFilesTable files={groups.ebook} />
      </Stack>
      <Stack gap={4} data-testid="audiobook-files">
        <Title order={5}>Audiobook</Title>
        <BookFilesTable files={groups.audiobook} />
      </Stack>
    </SimpleGrid>
  );
}

export default function BookDetailPage() {
  const { titleSlug = '' } = useParams();
  const book = useQuery({
    queryKey: keys.book(titleSlug),
    queryFn: async () => (await api<Book[]>('book', { query: { titleSlug } }))[0] ?? null,
  });
  if (book.isPending) return <LoadingState label="Loading book" />;
  if (book.error) return <ErrorState error={book.error} onRetry={() => void book.refetch()} />;
  if (!book.data)
    return (
      <EmptyState title="Book not found">
        <Anchor component={Link} to="/books">
          All books
        </Anchor>
      </EmptyState>
    );
  return <BookDetail book={book.data} />;
}

function BookDetail({ book }: { book: Book }) {
  const client = useQueryClient();
  const formats = useFormats();
  const status = useStatusColor();
  const bookId = book.id!;
  const overview = useQuery({
    queryKey: ['book', 'overview', bookId],
    queryFn: () => api<{ overview?: string }>(`book/${bookId}/overview`),
  });
  // `GET /book?titleSlug=` carries the author's id only (as Readarr's does): its name and page come from the author.
  const author = useQuery({
    queryKey: ['author', book.authorId],
    queryFn: () => api<Author>(`author/${book.authorId}`),
    enabled: !book.author && book.authorId !== undefined,
    initialData: book.author ?? undefined,
  });
  const files = useQuery({
    queryKey: keys.bookFiles({ bookId }),
    queryFn: () => api<BookFile[]>('bookfile', { query: { bookId } }),
  });
  const command = useCommand();
  const commands = useCommands();
  const searching = runningCommand(
    commands,
    ['BookSearch'],
    (body) => Array.isArray(body.bookIds) && body.bookIds.includes(bookId),
  );
  const [interactive, setInteractive] = useState(false);
  const monitor = useMutation({
    mutationFn: (monitored: boolean) => api('book/monitor', { method: 'PUT', body: { bookIds: [bookId], monitored } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['book'] }),
  });
  return (
    <Stack>
      <Group gap="xs">
        <Button
          size="xs"
          loading={Boolean(searching)}
          onClick={() => command.mutate({ name: 'BookSearch', bookIds: [bookId] })}
        >
          Search automatically
        </Button>
        <Button size="xs" variant="light" onClick={() => setInteractive(true)}>
          Interactive search
        </Button>
        <Button size="xs" variant="default" onClick={() => command.mutate({ name: 'RefreshBook', bookId })}>
          Refresh
        </Button>
        <SendToDeviceButtons bookId={bookId} hasFiles={(book.statistics?.bookFileCount ?? 0) > 0} />
      </Group>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Cover images={book.images} type="cover" size={500} width={160} height={240} alt={book.title ?? ''} />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <MonitorToggle
              monitored={Boolean(book.monitored)}
              busy={monitor.isPending}
              label={book.title ?? ''}
              onChange={(next) => monitor.mutate(next)}
            />
            <Title order={2}>{book.title}</Title>
          </Group>
          {author.data?.titleSlug && (
            <Anchor component={Link} to={`/author/${author.data.titleSlug}`} data-testid="book-author">
              {author.data.authorName}
            </Anchor>
          )}
          <Group gap="xs">
            {book.seriesTitle && <Badge variant="light">{book.seriesTitle}</Badge>}
            {book.releaseDate && (
              <Badge variant="outline" tt="none" data-testid="book-release-date">
                {formats.longDay(book.releaseDate)}
              </Badge>
            )}
            {book.pageCount ? <Badge variant="outline">{book.pageCount} pages</Badge> : null}
            <Badge
              variant="light"
              color={status((book.statistics?.bookFileCount ?? 0) > 0 ? 'teal' : book.monitored ? 'red' : 'gray')}
            >
              {(book.statistics?.bookFileCount ?? 0) > 0 ? `${book.statistics?.bookFileCount} file(s)` : 'missing'}
            </Badge>
            {(book.genres ?? []).slice(0, 5).map((genre) => (
              <Badge key={genre} variant="dot" color="grape">
                {genre}
              </Badge>
            ))}
          </Group>
          <Text size="sm" data-testid="book-overview">
            {overview.data?.overview ?? (overview.isPending ? '…' : '')}
          </Text>
        </Stack>
      </Group>
      <Tabs defaultValue="files" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="files">Files</Tabs.Tab>
          <Tabs.Tab value="editions">Editions</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="files" pt="sm">
          {files.isPending ? (
            <LoadingState />
          ) : files.error ? (
            <ErrorState error={files.error} />
          ) : (
            <FilesByKind files={files.data} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="editions" pt="sm">
          <Editions bookId={bookId} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="sm">
          <HistoryTable authorId={book.authorId!} bookId={bookId} />
        </Tabs.Panel>
      </Tabs>
      {interactive && (
        <InteractiveSearch query={{ bookId }} title={book.title ?? ''} onClose={() => setInteractive(false)} />
      )}
    </Stack>
  );
}
