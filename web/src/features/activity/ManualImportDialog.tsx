import { Badge, Button, Checkbox, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useCommand } from '../../api/commands';
import { BookPicker } from '../../components/BookPicker';
import { DialogFooter } from '../../components/DialogFooter';
import { formatBytes } from '../../components/format';
import { QueryState } from '../../components/States';
import { type ManualImportItem, type QueueItem, manualImportFile } from './activity';

interface Row {
  checked: boolean;
  bookId?: number;
}

/** A proposal can be imported once it has a book (proposed or chosen); approved ones start checked. */
const initialRow = (item: ManualImportItem): Row => ({
  checked: Boolean(item.book) && (item.rejections ?? []).length === 0,
});

/**
 * Readarr's manual import of one download (`GET /manualimport?downloadId=`): its files with the author, book and
 * quality Quire proposes and why they were rejected; the user picks the book and imports (`ManualImport` command).
 */
export function ManualImportDialog({ item, onClose }: { item: QueueItem; onClose: () => void }) {
  const proposals = useQuery({
    queryKey: ['manualimport', item.downloadId],
    queryFn: () => api<ManualImportItem[]>('manualimport', { query: { downloadId: item.downloadId } }),
  });
  const [rows, setRows] = useState<Record<number, Row>>({});
  const command = useCommand();
  const row = (proposal: ManualImportItem) => rows[proposal.id] ?? initialRow(proposal);
  const authorOf = (proposal: ManualImportItem) => proposal.author?.id ?? item.authorId ?? undefined;
  const chosen = (proposals.data ?? []).filter((proposal) => {
    const state = row(proposal);
    return state.checked && (state.bookId ?? proposal.book?.id) !== undefined;
  });
  const importChosen = () =>
    command.mutate(
      {
        name: 'ManualImport',
        importMode: 'auto',
        replaceExistingFiles: false,
        files: chosen.map((proposal) => manualImportFile(proposal, row(proposal).bookId, authorOf(proposal))),
      },
      { onSuccess: onClose },
    );
  return (
    <Modal opened onClose={onClose} size="xl" title={`Manual import: ${item.title ?? ''}`}>
      <QueryState query={proposals}>
        {(data) =>
          data.length === 0 ? (
            <Text size="sm">No book files were found in this download.</Text>
          ) : (
            <Stack>
              <Table data-testid="manual-import">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={36} />
                    <Table.Th>File</Table.Th>
                    <Table.Th>Author</Table.Th>
                    <Table.Th>Book</Table.Th>
                    <Table.Th>Quality</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((proposal) => {
                    const state = row(proposal);
                    const authorId = authorOf(proposal);
                    const update = (next: Partial<Row>) =>
                      setRows((current) => ({ ...current, [proposal.id]: { ...state, ...next } }));
                    return (
                      <Table.Tr key={proposal.id} data-testid="manual-import-row">
                        <Table.Td>
                          <Checkbox
                            aria-label={`Import ${proposal.name ?? proposal.path}`}
                            checked={state.checked}
                            onChange={(event) => update({ checked: event.currentTarget.checked })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" style={{ wordBreak: 'break-all' }}>
                            {proposal.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatBytes(proposal.size)}
                          </Text>
                          {(proposal.rejections ?? []).map((rejection) => (
                            <Text key={rejection.reason} size="xs" c="red" data-testid="manual-import-rejection">
                              {rejection.reason}
                            </Text>
                          ))}
                        </Table.Td>
                        <Table.Td>{proposal.author?.authorName ?? item.author?.authorName}</Table.Td>
                        <Table.Td miw={200}>
                          <BookPicker
                            authorId={authorId === undefined ? undefined : String(authorId)}
                            value={String(state.bookId ?? proposal.book?.id ?? '') || undefined}
                            onChange={(bookId) =>
                              update({ bookId: bookId ? Number(bookId) : undefined, checked: Boolean(bookId) })
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light">{proposal.quality?.quality?.name}</Badge>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
              <DialogFooter error={command.error} onCancel={onClose}>
                <Button disabled={chosen.length === 0} loading={command.isPending} onClick={importChosen}>
                  Import {chosen.length} file(s)
                </Button>
              </DialogFooter>
            </Stack>
          )
        }
      </QueryState>
    </Modal>
  );
}
