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

  it('a failure shows the exception', () => {
    expect(commandToast(command({ status: 'failed', message: 'Failed', exception: 'Disk full' }))).toMatchObject({
      title: 'Backup failed',
      message: 'Disk full',
      failed: true,
    });
  });

  it('scheduled commands and cancelled ones make no toast', () => {
    expect(commandToast(command({ status: 'completed', trigger: 'scheduled' }))).toBeUndefined();
    expect(commandToast(command({ status: 'cancelled' }))).toBeUndefined();
  });
});
