import { Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState, QueryState } from '../../components/States';

/**
 * A titled list of records as cards (click to edit) with an add button, and the three states of its query.
 * `heading` 2 for a page's own title, 3 for a section of a page.
 */
export function CardsSection<T extends { id?: number }>({
  title,
  heading = 3,
  addLabel,
  onAdd,
  addDisabled,
  query,
  onEdit,
  card,
  testId,
  extra,
}: {
  title: string;
  heading?: 2 | 3;
  addLabel: string;
  onAdd: () => void;
  addDisabled?: boolean;
  query: { isPending: boolean; error: unknown; data: T[] | undefined; refetch: () => unknown };
  onEdit: (item: T) => void;
  card: (item: T) => ReactNode;
  testId: string;
  /** Drawn under the cards (e.g. a hint about the order). */
  extra?: ReactNode;
}) {
  return (
    <Stack gap="sm" mb="lg">
      <Group justify="space-between">
        <Title order={heading}>{title}</Title>
        <Button onClick={onAdd} disabled={addDisabled} variant={heading === 3 ? 'light' : 'filled'}>
          {addLabel}
        </Button>
      </Group>
      <QueryState query={query}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={`No ${title.toLowerCase()} yet`} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {list.map((item) => (
                <Card
                  key={item.id}
                  withBorder
                  padding="sm"
                  style={{ cursor: 'pointer' }}
                  onClick={() => onEdit(item)}
                  data-testid={testId}
                >
                  {card(item)}
                </Card>
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
      {extra}
    </Stack>
  );
}
