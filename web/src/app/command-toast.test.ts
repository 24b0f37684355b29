import { describe, expect, it } from 'vitest';
import type { Command } from '../api/client';
import { commandToast } from './command-toast';

const command = (fields: Partial<Command>) =>
  ({ id: 1, name: 'Backup', commandName: 'Backup', trigger: 'manual', ...fields }) as Command;

describe('command toasts', () => {
  it('a command started by hand says it completed, with its message', () => {
    expect(commandToast(command({ status: 'completed', message: 'Backup done' }))).toEqual({
      id: 1,
      title: 'Backup completed',
      message: 'Backup done',
      failed: false,
    });
  });

  it('a failure shows its message, in words; the exception only when there is no message', () => {
    expect(
      commandToast(command({ status: 'failed', message: 'Disk full', exception: 'Error: Disk full' })),
    ).toMatchObject({ title: 'Backup failed', message: 'Disk full', failed: true });
    expect(commandToast(command({ status: 'failed', exception: 'Error: Disk full' }))).toMatchObject({
      message: 'Error: Disk full',
    });
  });

  it('scheduled commands and cancelled ones make no toast', () => {
    expect(commandToast(command({ status: 'completed', trigger: 'scheduled' }))).toBeUndefined();
    expect(commandToast(command({ status: 'cancelled' }))).toBeUndefined();
  });
});
