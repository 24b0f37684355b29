import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, type NotificationConnection } from '../../api/client';
import { runningCommand, useCommand, useCommands } from '../../api/commands';

/** The connections that mail a book to an e-reader (`SendToEReader`); the others only notify. */
export function eReaderConnections(connections: NotificationConnection[]): NotificationConnection[] {
  return connections.filter((connection) => connection.implementation === 'SendToEReader');
}

/**
 * One "Send to <device>" button per Send to E-Reader connection. The command picks the best acceptable file and its
 * message (shown while it runs and in System → Tasks) says what was sent or why not.
 */
export function SendToDeviceButtons({ bookId, hasFiles }: { bookId: number; hasFiles: boolean }) {
  const connections = useQuery({
    queryKey: ['notification'],
    queryFn: () => api<NotificationConnection[]>('notification'),
    staleTime: 60_000,
  });
  const command = useCommand();
  const commands = useCommands();
  return eReaderConnections(connections.data ?? []).map((connection) => {
    const sending = runningCommand(
      commands,
      ['SendToEReader'],
      (body) => body.connectionId === connection.id && Array.isArray(body.bookIds) && body.bookIds.includes(bookId),
    );
    return (
      <Button
        key={connection.id}
        size="xs"
        variant="default"
        disabled={!hasFiles}
        title={hasFiles ? undefined : 'No file to send yet'}
        loading={Boolean(sending)}
        onClick={() => command.mutate({ name: 'SendToEReader', bookIds: [bookId], connectionId: connection.id })}
      >
        Send to {connection.name}
      </Button>
    );
  });
}
