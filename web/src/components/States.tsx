import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" title="Something went wrong" role="alert" m="md">
      <Stack gap="xs">
        <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" onClick={onRetry} w="fit-content">
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Text fw={600}>{title}</Text>
        {children}
      </Stack>
    </Center>
  );
}

/** One place for the three states of a query. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { isPending: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data as T)}</>;
}

/** QueryState for a list: its empty state when the list has no items. */
export function QueryList<T>({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; error: unknown; data: T[] | undefined; refetch: () => unknown };
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <QueryState query={query}>
      {(items) => (items.length === 0 ? <EmptyState title={empty} /> : children(items))}
    </QueryState>
  );
}
