import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Command } from './client';
import { applyCommand, applyMessage, onCommandEnded } from './live';

/** A client with one cached query per key; returns which of them a call made stale. */
function staleAfter(keys: string[][], act: (client: QueryClient) => void): string[] {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'cached');
  act(client);
  return keys
    .filter((key) => client.getQueryState(key)?.isInvalidated)
    .map((key) => key.join('/'))
    .sort();
}

const ALL = [
  ['queue', 'paged'],
  ['history', 'paged'],
  ['wanted', 'paged'],
  ['blocklist', 'paged'],
  ['system', 'backup'],
  ['system', 'task'],
  ['health'],
  ['log', 'paged'],
];

describe('live invalidation for the activity, wanted and system pages', () => {
  it('a queue message refreshes the queue and the history (grabs and imports are recorded there)', () => {
    expect(staleAfter(ALL, (client) => applyMessage(client, { name: 'queue', body: { action: 'sync' } }))).toEqual([
      'history/paged',
      'queue/paged',
    ]);
  });

  it('wanted, book, health and task messages reach their lists', () => {
    const message = (name: string) => (client: QueryClient) =>
      applyMessage(client, { name, body: { action: 'updated' } });
    expect(staleAfter(ALL, message('wanted/cutoff'))).toEqual(['wanted/paged']);
    expect(staleAfter(ALL, message('book'))).toEqual(['wanted/paged']);
    expect(staleAfter(ALL, message('health'))).toEqual(['health']);
    expect(staleAfter(ALL, message('system/task'))).toEqual(['system/task']);
    expect(staleAfter(ALL, message('history'))).toEqual(['history/paged']);
    expect(staleAfter(ALL, message('blocklist'))).toEqual(['blocklist/paged']);
  });

  it('the queue status message carries the counts: patched in, nothing re-read', () => {
    const client = new QueryClient();
    const resource = { totalCount: 2, count: 1, errors: true };
    expect(
      staleAfter(ALL, (c) => applyMessage(c, { name: 'queue/status', body: { action: 'updated', resource } })),
    ).toEqual([]);
    applyMessage(client, { name: 'queue/status', body: { action: 'updated', resource } });
    expect(client.getQueryData(['queue-status'])).toEqual(resource);
  });

  it('lists only a command changes are re-read when that command ends, once', () => {
    const command = (name: string, status: Command['status']) => ({ id: 7, name, status }) as Command;
    expect(staleAfter(ALL, (client) => applyCommand(client, command('Backup', 'started')))).toEqual([]);
    expect(staleAfter(ALL, (client) => applyCommand(client, command('Backup', 'completed')))).toEqual([
      'system/backup',
    ]);
    expect(staleAfter(ALL, (client) => applyCommand(client, command('ClearLog', 'failed')))).toEqual(['log/paged']);
    const seen = (client: QueryClient) => {
      applyCommand(client, command('Backup', 'completed'));
      void client.refetchQueries();
      client.setQueryData(['system', 'backup'], 'fresh');
      applyCommand(client, command('Backup', 'completed'));
    };
    expect(staleAfter(ALL, seen)).toEqual([]);
  });
});

describe('command states only move forward', () => {
  it('keeps "completed" from the hub when the POST /command answer ("queued") arrives after it', () => {
    const client = new QueryClient();
    applyCommand(client, { id: 3, name: 'CheckHealth', status: 'completed' } as Command);
    applyCommand(client, { id: 3, name: 'CheckHealth', status: 'queued' } as Command);
    applyCommand(client, { id: 4, name: 'Backup', status: 'started' } as Command);
    applyCommand(client, { id: 4, name: 'Backup', status: 'queued' } as Command);
    const list = client.getQueryData<Command[]>(['command'])!;
    expect(list.map((command) => [command.id, command.status])).toEqual([
      [4, 'started'],
      [3, 'completed'],
    ]);
  });
});

describe('command endings for the toasts', () => {
  it('tells each listener once per command that ends, and not after unsubscribing', () => {
    const client = new QueryClient();
    const ended: string[] = [];
    const stop = onCommandEnded((command) => ended.push(`${command.id}:${command.status}`));
    applyCommand(client, { id: 1, name: 'RefreshAuthor', status: 'started' } as Command);
    applyCommand(client, { id: 1, name: 'RefreshAuthor', status: 'completed' } as Command);
    applyCommand(client, { id: 1, name: 'RefreshAuthor', status: 'completed' } as Command);
    applyCommand(client, { id: 2, name: 'Backup', status: 'failed' } as Command);
    stop();
    applyCommand(client, { id: 3, name: 'Backup', status: 'completed' } as Command);
    expect(ended).toEqual(['1:completed', '2:failed']);
  });
});
