import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The foot of a confirming dialog: why the last try failed, Cancel, and the dialog's own action(s). */
export function DialogFooter({
  error,
  onCancel,
  children,
}: {
  error: Error | null;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {error && <Alert color="red">{error.message}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        {children}
      </Group>
    </>
  );
}
