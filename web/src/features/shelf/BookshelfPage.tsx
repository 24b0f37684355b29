import { Alert, Anchor, Badge, Button, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type Author, api } from '../../api/client';
import { keys } from '../../api/keys';
import { MonitorToggle } from '../../components/MonitorToggle';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { VirtualRows } from '../../components/VirtualRows';
import { MONITOR_OPTIONS } from '../add/add-form';
import { filterAuthors, sortAuthors } from '../authors/author-list';

/** Readarr's bookshelf: monitoring per author, and a monitoring option applied to the chosen authors' books. */
export default function BookshelfPage() {
  const client = useQueryClient();
  const authors = useQuery({ queryKey: keys.authors, queryFn: () => api<Author[]>('author') });
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [monitor, setMonitor] = useState('all');
  const visible = useMemo(
    () => sortAuthors(filterAuthors(authors.data ?? [], [], term), 'sortName', 'ascending'),
    [authors.data, term],
  );
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api('bookshelf', { method: 'POST', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['author'] });
      void client.invalidateQueries({ queryKey: ['book'] });
    },
  });
  const toggleAuthor = (author: Author, monitored: boolean) => save.mutate({ authors: [{ id: author.id, monitored }] });
  const apply = () =>
    save.mutate(
      { authors: [...selected].map((id) => ({ id, monitored: true })), monitoringOptions: { monitor } },
      { onSuccess: () => setSelected(new Set()) },
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Bookshelf</Title>
        <Group gap="xs">
          <TextInput
            size="xs"
            placeholder="Search authors"
            aria-label="Search authors"
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
          />
          <Select
            size="xs"
            w={160}
            aria-label="Monitor books"
            data={MONITOR_OPTIONS}
            value={monitor}
            onChange={(v) => setMonitor(v ?? 'all')}
            allowDeselect={false}
          />
          <Button size="xs" disabled={selected.size === 0} loading={save.isPending} onClick={apply}>
            Apply to {selected.size} author(s)
          </Button>
        </Group>
      </Group>
      {save.error && <Alert color="red">{save.error.message}</Alert>}
      {authors.isPending ? (
        <LoadingState />
      ) : authors.error ? (
        <ErrorState error={authors.error} onRetry={() => void authors.refetch()} />
      ) : visible.length === 0 ? (
        <EmptyState title="No authors" />
      ) : (
        <VirtualRows
          testId="bookshelf"
          count={visible.length}
          rowHeight={44}
          renderRow={(index) => {
            const author = visible[index];
            return (
              <Group
                h={44}
                gap="sm"
                px="xs"
                wrap="nowrap"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Checkbox
                  aria-label={`Select ${author.authorName}`}
                  checked={selected.has(author.id!)}
                  onChange={() =>
                    setSelected((current) => {
                      const next = new Set(current);
                      if (next.has(author.id!)) next.delete(author.id!);
                      else next.add(author.id!);
                      return next;
                    })
                  }
                />
                <MonitorToggle
                  monitored={Boolean(author.monitored)}
                  label={author.authorName ?? ''}
                  onChange={(monitored) => toggleAuthor(author, monitored)}
                />
                <Anchor component={Link} to={`/author/${author.titleSlug}`} style={{ flex: 1 }} truncate>
                  {author.authorName}
                </Anchor>
                <Badge variant="light">
                  {author.statistics?.bookCount ?? 0} monitored / {author.statistics?.totalBookCount ?? 0} books
                </Badge>
                <Text size="xs" c="dimmed" w={90}>
                  {author.monitorNewItems} new
                </Text>
              </Group>
            );
          }}
        />
      )}
    </Stack>
  );
}
