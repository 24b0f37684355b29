import { ActionIcon, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../api/client';
import { EmptyState, QueryState } from '../../components/States';

/** GET /tag/detail (src/tag/tag.resource.ts TagDetailsResource). */
interface TagDetails {
  id: number;
  label: string;
  delayProfileIds: number[];
  importListIds: number[];
  notificationIds: number[];
  restrictionIds: number[];
  indexerIds: number[];
  downloadClientIds: number[];
  authorIds: number[];
}

const USES: [keyof TagDetails, string][] = [
  ['authorIds', 'author'],
  ['indexerIds', 'indexer'],
  ['downloadClientIds', 'download client'],
  ['notificationIds', 'connection'],
  ['importListIds', 'import list'],
  ['delayProfileIds', 'delay profile'],
  ['restrictionIds', 'release profile'],
];

/** Where a tag is used, as "2 authors, 1 indexer"; empty when unused. */
export function usesOf(tag: TagDetails): string[] {
  return USES.flatMap(([key, noun]) => {
    const count = (tag[key] as number[]).length;
    return count === 0 ? [] : [`${count} ${noun}${count === 1 ? '' : 's'}`];
  });
}

/** Settings → Tags: every tag with where it is used; add one, delete an unused one. */
export default function TagsPage() {
  const client = useQueryClient();
  const details = useQuery({ queryKey: ['tag', 'detail'], queryFn: () => api<TagDetails[]>('tag/detail') });
  const [label, setLabel] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: ['tag'] });
  const add = useMutation({
    mutationFn: () => api('tag', { method: 'POST', body: { label } }),
    onSuccess: async () => {
      setLabel('');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(`tag/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const addError = add.error instanceof ApiError ? add.error.message : undefined;
  return (
    <Stack>
      <Title order={2}>Tags</Title>
      <Group align="flex-start" gap="xs">
        <TextInput
          aria-label="New tag"
          placeholder="New tag"
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          error={addError}
        />
        <Button onClick={() => add.mutate()} loading={add.isPending} disabled={label.trim() === ''}>
          Add tag
        </Button>
      </Group>
      <QueryState query={details}>
        {(tags) =>
          tags.length === 0 ? (
            <EmptyState title="No tags yet" />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {tags.map((tag) => {
                const uses = usesOf(tag);
                return (
                  <Card key={tag.id} withBorder padding="sm" data-testid="tag-card">
                    <Group justify="space-between" wrap="nowrap">
                      <Badge variant="light">{tag.label}</Badge>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${tag.label}`}
                        disabled={uses.length > 0}
                        onClick={() => remove.mutate(tag.id)}
                      >
                        ×
                      </ActionIcon>
                    </Group>
                    <Text size="xs" c="dimmed" mt="xs">
                      {uses.length > 0 ? `Used by ${uses.join(', ')}` : 'Not used'}
                    </Text>
                  </Card>
                );
              })}
            </SimpleGrid>
          )
        }
      </QueryState>
      {remove.error && (
        <Text size="sm" c="red">
          {remove.error.message}
        </Text>
      )}
    </Stack>
  );
}
