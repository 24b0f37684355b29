import { Badge, Group, Table, Text } from '@mantine/core';
import type { BookFile } from '../api/client';
import { DateText } from './DateText';
import { formatBytes } from './format';
import { mediaKind } from './media-kind';
import { EmptyState } from './States';

/** Book files with their media kind and quality. */
export function BookFilesTable({ files, bookTitle }: { files: BookFile[]; bookTitle?: (bookId?: number) => string }) {
  if (files.length === 0) return <EmptyState title="No files" />;
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
      <Table striped data-testid="book-files">
        <Table.Thead>
          <Table.Tr>
            {bookTitle && <Table.Th>Book</Table.Th>}
            <Table.Th>Path</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Quality</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Added</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id}>
              {bookTitle && <Table.Td>{bookTitle(file.bookId)}</Table.Td>}
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {file.path}
                </Text>
              </Table.Td>
              <Table.Td>
                <KindBadge qualityId={file.quality?.quality?.id} />
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge variant="light">{file.quality?.quality?.name ?? 'Unknown'}</Badge>
                  {file.qualityCutoffNotMet && (
                    <Badge color="yellow" variant="light">
                      cutoff not met
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{formatBytes(file.size)}</Table.Td>
              <Table.Td>
                <DateText value={file.dateAdded} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function KindBadge({ qualityId }: { qualityId?: number }) {
  const kind = mediaKind(qualityId);
  return (
    <Badge size="sm" color={kind === 'audiobook' ? 'grape.8' : 'blue.8'} variant="outline">
      {kind}
    </Badge>
  );
}
