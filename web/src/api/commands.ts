import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Command } from './client';
import { keys } from './keys';
import { applyCommand, isFinished, isLive } from './live';

let watchUntil = 0;

/** After an action that starts work on the server: follow the commands for a while even without the live hub. */
export function watchCommands(ms = 60_000): void {
  watchUntil = Math.max(watchUntil, Date.now() + ms);
}

/** Starts a command (`POST /command`); progress arrives over SignalR, or by polling when the hub is unreachable. */
export function useCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string } & Record<string, unknown>) => api<Command>('command', { method: 'POST', body }),
    onSuccess: (command) => {
      applyCommand(client, command);
      watchCommands();
    },
  });
}

/** The commands known to the UI (patched by the hub), newest first. */
export function useCommands(): Command[] {
  return (
    useQuery<Command[]>({ queryKey: keys.commands, queryFn: () => api<Command[]>('command'), staleTime: Infinity })
      .data ?? []
  );
}

/**
 * Without the live hub, polls `GET /command` (queued and running ones) while something is running or was just
 * started; a command that leaves the list has ended, so the library is refreshed.
 */
export function useCommandPolling(live: boolean): void {
  const client = useQueryClient();
  useQuery({
    queryKey: ['command', 'poll'],
    queryFn: async () => {
      const running = await api<Command[]>('command');
      const before = (client.getQueryData<Command[]>(keys.commands) ?? []).filter((command) => !isFinished(command));
      const now = new Set(running.map((command) => command.id));
      for (const gone of before.filter((command) => !now.has(command.id)))
        applyCommand(client, { ...gone, status: 'completed' });
      for (const command of running) applyCommand(client, command);
      return running.filter((command) => !isFinished(command)).length;
    },
    enabled: !live,
    refetchInterval: (query) => (!isLive() && (Date.now() < watchUntil || (query.state.data ?? 0) > 0) ? 1500 : 10_000),
  });
}

/** The running command of one kind for one author/book, if any (for progress shown on a page). */
export function runningCommand(
  commands: Command[],
  names: string[],
  match: (body: Record<string, unknown>) => boolean,
) {
  return commands.find(
    (command) =>
      !isFinished(command) &&
      names.includes(command.name ?? '') &&
      match((command.body ?? {}) as Record<string, unknown>),
  );
}
