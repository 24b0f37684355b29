import type { Command } from '../api/client';

export interface Toast {
  id: number;
  title: string;
  message: string;
  failed: boolean;
}

/** What a finished command says, for a toast; scheduled work (health checks, queue refreshes) stays quiet. */
export function commandToast(command: Command): Toast | undefined {
  if (command.trigger !== 'manual') return undefined;
  if (command.status !== 'completed' && command.status !== 'failed') return undefined;
  const failed = command.status === 'failed';
  const name = command.commandName ?? command.name ?? 'Command';
  return {
    id: command.id,
    title: `${name} ${failed ? 'failed' : 'completed'}`,
    // A failure's `message` is the error in words; `exception` adds only the kind of error.
    message: (failed ? (command.message ?? command.exception) : command.message) ?? '',
    failed,
  };
}
