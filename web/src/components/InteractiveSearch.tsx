import { useStatusColor } from './ui-settings';
import { Alert, Anchor, Badge, Button, List, Modal, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Release, api } from '../api/client';
import { watchCommands } from '../api/commands';
import { formatBytes } from './format';
import { EmptyState, ErrorState, LoadingState } from './States';

/** Readarr's interactive search: every release the indexers return, rejections shown, any one grabbed. */
export function InteractiveSearch({
  query,
  title,
  onClose,
}: {
  query: { authorId?: number; bookId?: number };
  title: string;
  onClose: () => void;
}) {
  const status = useStatusColor();
  const releases = useQuery({
    queryKey: ['release', query],
    queryFn: () => api<Release[]>('release', { query }),
    staleTime: 0,
    gcTime: 0,
  });
  // Without an indexer the search cannot find anything: say so and where to add one, not "no results".
  const indexers = useQuery({
    queryKey: ['indexer'],
    queryFn: () => api<{ enableInteractiveSearch?: boolean }[]>('indexer'),
  });
  const noIndexer = indexers.data !== undefined && !indexers.data.some((indexer) => indexer.enableInteractiveSearch);
  const [grabbed, setGrabbed] = useState<Set<string>>(new Set());
  const grab = useMutation({
    mutationFn: (release: Release) =>
      api('release', {
        method: 'POST',
        body: { guid: release.guid, indexerId: release.indexerId, bookId: query.bookId, authorId: query.authorId },
      }),
    onSuccess: (_, release) => {
      setGrabbed((current) => new Set(current).add(release.guid ?? ''));
      watchCommands();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Interactive search: ${title}`} size="90%">
      {releases.isPending ? (
        <LoadingState label="Searching indexers" />
      ) : releases.error ? (
        <ErrorState error={releases.error} onRetry={() => void releases.refetch()} />
      ) : releases.data.length === 0 && noIndexer ? (
        <EmptyState title="No indexer is set up for interactive search">
          <Anchor component={Link} to="/settings/indexers" onClick={onClose}>
            Add an indexer in Settings → Indexers
          </Anchor>
        </EmptyState>
      ) : releases.data.length === 0 ? (
        <EmptyState title="No results found" />
      ) : (
        <ScrollArea>
          {grab.error && (
            <Alert color="red" mb="xs">
              {grab.error.message}
            </Alert>
          )}
          <Table striped highlightOnHover data-testid="releases">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Indexer</Table.Th>
                <Table.Th>Age</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Quality</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {releases.data.map((release) => (
                <Table.Tr key={`${release.indexerId}-${release.guid}`} data-testid="release-row">
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {release.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>{release.indexer}</Table.Td>
                  <Table.Td>{release.age ?? 0} d</Table.Td>
                  <Table.Td>{formatBytes(release.size)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{release.quality?.quality?.name ?? 'Unknown'}</Badge>
                  </Table.Td>
                  <Table.Td>
                    {release.rejections?.length ? (
                      <Tooltip
                        multiline
                        w={320}
                        label={
                          <List size="xs">
                            {release.rejections.map((reason, i) => (
                              <List.Item key={i}>
                                {typeof reason === 'string' ? reason : JSON.stringify(reason)}
                              </List.Item>
                            ))}
                          </List>
                        }
                      >
                        <Badge color={status('red')} variant="light" data-testid="rejected">
                          Rejected ({release.rejections.length})
                        </Badge>
                      </Tooltip>
                    ) : (
                      <Badge color={status('teal')} variant="light">
                        Approved
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant={release.rejections?.length ? 'default' : 'filled'}
                      disabled={grabbed.has(release.guid ?? '') || release.downloadAllowed === false}
                      loading={grab.isPending && grab.variables?.guid === release.guid}
                      onClick={() => grab.mutate(release)}
                      aria-label={`Grab ${release.title}`}
                    >
                      {grabbed.has(release.guid ?? '') ? 'Grabbed' : 'Grab'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
