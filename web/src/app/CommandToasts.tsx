import { Notification, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { onCommandEnded } from '../api/live';
import { commandToast, type Toast } from './command-toast';
import { useStatusColor } from '../components/ui-settings';

const SHOWN_MS = 6000;
const MAX_TOASTS = 3;

/** Toasts for commands started by hand that ended (the hub's `command` messages), bottom right, a few seconds each. */
export function CommandToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const status = useStatusColor();
  useEffect(
    () =>
      onCommandEnded((command) => {
        const toast = commandToast(command);
        if (!toast) return;
        setToasts((current) => [...current.filter((item) => item.id !== toast.id), toast].slice(-MAX_TOASTS));
        setTimeout(() => setToasts((current) => current.filter((item) => item !== toast)), SHOWN_MS);
      }),
    [],
  );
  if (toasts.length === 0) return null;
  return (
    <Stack gap="xs" pos="fixed" bottom={16} right={16} w={340} style={{ zIndex: 400 }} data-testid="toasts">
      {toasts.map((toast) => (
        <Notification
          key={toast.id}
          title={toast.title}
          color={status(toast.failed ? 'red' : 'teal')}
          withBorder
          role="status"
          data-testid="command-toast"
          data-status={toast.failed ? 'failed' : 'completed'}
          closeButtonProps={{ 'aria-label': 'Dismiss' }}
          // Mantine writes the message in gray 6, 3.3:1 on white; the theme's dimmed colour keeps AA in both schemes.
          styles={{ description: { color: 'var(--mantine-color-dimmed)' } }}
          onClose={() => setToasts((current) => current.filter((item) => item !== toast))}
        >
          {toast.message}
        </Notification>
      ))}
    </Stack>
  );
}
