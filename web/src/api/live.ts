import type { ILogger } from '@microsoft/signalr';

type SignalR = typeof import('@microsoft/signalr');
import type { QueryClient } from '@tanstack/react-query';
import { type Command, currentConfig, urlBase } from './client';
import { keys } from './keys';

/** What the hub sends with `receiveMessage` (Readarr's wire contract). */
export interface LiveMessage {
  name: string;
  body: {
    resource?: { id?: number } & Record<string, unknown>;
    /** 'created' | 'updated' | 'deleted' | 'sync' (others are ignored) */
    action: string;
  };
}

/** Resource names of the hub → the query-key roots they make stale. */
const INVALIDATES: Record<string, string[][]> = {
  author: [['author'], ['book'], ['wanted']],
  book: [['book'], ['author'], ['wanted']],
  bookfile: [['bookfile'], ['book'], ['author']],
  // The queue changes when a grab is sent, a download moves or is imported: history records each of those.
  queue: [['queue'], ['history']],
  'queue/status': [['queue-status']],
  history: [['history']],
  blocklist: [['blocklist']],
  'wanted/missing': [['wanted']],
  'wanted/cutoff': [['wanted']],
  health: [['health']],
  'system/task': [['system', 'task']],
  rootfolder: [['rootfolder']],
  tag: [['tag']],
  qualityprofile: [['qualityprofile']],
  metadataprofile: [['metadataprofile']],
  customfilter: [['customfilter']],
  // A command message without a resource (`sync`): the whole list is re-read.
  command: [['command']],
};

/** Commands whose end means the library changed (the author's books appear when a refresh ends). */
const LIBRARY_COMMANDS = new Set([
  'RefreshAuthor',
  'RefreshBook',
  'RescanFolders',
  'BulkRefreshAuthor',
  'ManualImport',
  'MoveAuthor',
  'RenameFiles',
  'RetagFiles',
]);

/** Lists that only a command changes (no hub message of their own): re-read when that command ends. */
const COMMAND_LISTS: Record<string, string[][]> = {
  Backup: [['system', 'backup']],
  ClearLog: [['log']],
  DeleteLogFiles: [['logfile']],
  CheckHealth: [['health']],
  RefreshMonitoredDownloads: [['queue'], ['history']],
};

export function isFinished(command: Pick<Command, 'status'>): boolean {
  return (
    command.status === 'completed' ||
    command.status === 'failed' ||
    command.status === 'aborted' ||
    command.status === 'cancelled'
  );
}

type CommandListener = (command: Command) => void;
const endedListeners = new Set<CommandListener>();

/** Called once for each command seen ending (the header's toasts); returns the unsubscribe function. */
export function onCommandEnded(listener: CommandListener): () => void {
  endedListeners.add(listener);
  return () => void endedListeners.delete(listener);
}

const stage = (command: Pick<Command, 'status'>): number =>
  isFinished(command) ? 2 : command.status === 'started' ? 1 : 0;

/**
 * Puts a command into the cached list of commands (newest state wins). A library command that has just ended
 * (first seen finished, or seen running before) refreshes the library: the author's books appear when its refresh ends.
 */
export function applyCommand(client: QueryClient, command: Command): void {
  const previous = client.getQueryData<Command[]>(keys.commands)?.find((item) => item.id === command.id);
  // A state never goes back: the hub's "completed" can arrive before the POST /command answer saying "queued".
  if (previous && stage(previous) > stage(command)) return;
  client.setQueryData<Command[]>(keys.commands, (list = []) =>
    [command, ...list.filter((item) => item.id !== command.id)].slice(0, 50),
  );
  const justEnded = isFinished(command) && (!previous || !isFinished(previous));
  if (justEnded && LIBRARY_COMMANDS.has(command.name ?? '')) {
    for (const root of ['author', 'book', 'bookfile', 'series', 'history'])
      void client.invalidateQueries({ queryKey: [root] });
  }
  if (!justEnded) return;
  for (const queryKey of COMMAND_LISTS[command.name ?? ''] ?? []) void client.invalidateQueries({ queryKey });
  for (const listener of endedListeners) listener(command);
}

/** Applies one hub message to the query caches: commands and the queue status are patched in place, the rest invalidated. */
export function applyMessage(client: QueryClient, message: LiveMessage): void {
  if (message.name === 'command' && message.body.resource) {
    applyCommand(client, message.body.resource as Command);
    return;
  }
  if (message.name === 'queue/status' && message.body.resource) {
    client.setQueryData(keys.queueStatus, message.body.resource);
    return;
  }
  for (const queryKey of INVALIDATES[message.name] ?? []) void client.invalidateQueries({ queryKey });
}

// The hub's own diagnostics stay out of the console's error level: a lost connection is retried, not an app error.
const quietLogger = (signalr: SignalR): ILogger => ({
  log: (level, message) => {
    if (level >= signalr.LogLevel.Warning) console.debug(`[live] ${message}`);
  },
});

let liveConnected = false;
export const isLive = (): boolean => liveConnected;

/**
 * Connects to `/signalr/messages` and keeps reconnecting; returns a stop function. The SignalR client is loaded here,
 * not with the app: no page needs it for its first paint, and it is a sizeable part of the scripts.
 */
export function startLive(client: QueryClient, onState: (connected: boolean) => void): () => void {
  let stopped = false;
  let stopConnection: (() => void) | undefined;
  void import('@microsoft/signalr').then((signalr) => {
    if (!stopped) stopConnection = connect(signalr, client, onState);
  });
  return () => {
    stopped = true;
    stopConnection?.();
  };
}

function connect(signalr: SignalR, client: QueryClient, onState: (connected: boolean) => void): () => void {
  const connection = new signalr.HubConnectionBuilder()
    .withUrl(`${urlBase()}/signalr/messages`, { accessTokenFactory: () => currentConfig().apiKey })
    .withAutomaticReconnect({
      nextRetryDelayInMilliseconds: (context) => Math.min(30_000, 1000 * 2 ** context.previousRetryCount),
    })
    .configureLogging(quietLogger(signalr))
    .build();
  const setState = (connected: boolean) => {
    liveConnected = connected;
    onState(connected);
  };
  connection.on('receiveMessage', (message: LiveMessage) => applyMessage(client, message));
  connection.onreconnected(() => {
    setState(true);
    void client.invalidateQueries();
  });
  connection.onreconnecting(() => setState(false));
  connection.onclose(() => setState(false));
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = (attempt: number) => {
    connection.start().then(
      () => setState(true),
      () => {
        if (!stopped && connection.state === signalr.HubConnectionState.Disconnected)
          timer = setTimeout(() => start(attempt + 1), Math.min(60_000, 2000 * 2 ** attempt));
      },
    );
  };
  start(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
    void connection.stop();
  };
}
