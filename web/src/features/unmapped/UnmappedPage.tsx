import { Alert, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Author, type BookFile, api } from '../../api/client';
import { useCommand } from '../../api/commands';
import { keys } from '../../api/keys';
import { KindBadge } from '../../components/BookFilesTable';
import { BookPicker } from '../../components/BookPicker';
import { formatBytes } from '../../components/format';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';

interface Choice {
  authorId?: string;
  bookId?: string;
}

/** Files in root folders that match no book: choose author and book, then import them (`ManualImport`). */
export default function UnmappedPage() {
  const client = useQueryClient();
  const files = useQuery({
    queryKey: keys.bookFiles({ unmapped: true }),
    queryFn: () => api<BookFile[]>('bookfile', { query: { unmapped: true } }),
  });
  const authors = useQuery({ queryKey: keys.authors, queryFn: () => api<Author[]>('author') });
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const command = useCommand();
  const ready = (files.data ?? []).filter((file) => choices[file.id!]?.bookId);
  const importChosen = () =>
    command.mutate(
      {
        name: 'ManualImport',
        importMode: 'auto',
        replaceExistingFiles: false,
        files: ready.map((file) => ({
          path: file.path,
          authorId: Number(choices[file.id!].authorId),
          bookId: Number(choices[file.id!].bookId),
          quality: file.quality,
        })),
      },
      {
        onSuccess: () => {
          setChoices({});
          void client.invalidateQueries({ queryKey: ['bookfile'] });
        },
      },
    );
  const authorOptions = (authors.data ?? []).map((author) => ({
    value: String(author.id),
    label: author.authorName ?? '',
  }));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Unmapped files</Title>
        <Button size="xs" disabled={ready.length === 0} loading={command.isPending} onClick={importChosen}>
          Import {ready.length} file(s)
        </Button>
      </Group>
      {command.error && <Alert color="red">{command.error.message}</Alert>}
      {command.isSuccess && <Alert color="teal">Import started; the files move to their books when it ends.</Alert>}
      {files.isPending ? (
        <LoadingState />
      ) : files.error ? (
        <ErrorState error={files.error} onRetry={() => void files.refetch()} />
      ) : files.data.length === 0 ? (
        <EmptyState title="No unmapped files">
          <Text size="sm" c="dimmed">
            Every file in the root folders belongs to a book.
          </Text>
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
          <Table striped data-testid="unmapped-files">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Path</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Quality</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Author</Table.Th>
                <Table.Th>Book</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.data.map((file) => {
                const choice = choices[file.id!] ?? {};
                return (
                  <Table.Tr key={file.id}>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {file.path}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <KindBadge qualityId={file.quality?.quality?.id} />
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{file.quality?.quality?.name}</Badge>
                    </Table.Td>
                    <Table.Td>{formatBytes(file.size)}</Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        placeholder="Author"
                        searchable
                        aria-label="Author"
                        data={authorOptions}
                        value={choice.authorId ?? null}
                        onChange={(v) => setChoices({ ...choices, [file.id!]: { authorId: v ?? undefined } })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <BookPicker
                        authorId={choice.authorId}
                        value={choice.bookId}
                        onChange={(bookId) => setChoices({ ...choices, [file.id!]: { ...choice, bookId } })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
