import { HistoryEntry, historyStatus } from './nzbget.client';

/** NZBGet history entries the real daemon in the e2e spec cannot easily be brought to: unpack, move, script, marks. */
const entry = (statuses: Partial<HistoryEntry>): HistoryEntry => ({
  NZBID: 1,
  Name: 'Ada - Book (epub)',
  Category: 'Readarr',
  FileSizeLo: 0,
  FileSizeHi: 0,
  ParStatus: 'NONE',
  UnpackStatus: 'NONE',
  MoveStatus: 'SUCCESS',
  ScriptStatus: 'NONE',
  DeleteStatus: 'NONE',
  MarkStatus: 'NONE',
  DestDir: '/downloads/Readarr/Ada - Book (epub)',
  FinalDir: '',
  Parameters: [],
  ...statuses,
});

describe('NZBGet history status (Readarr’s reading)', () => {
  it.each([
    ['all stages fine', {}, 'completed'],
    ['par repair failed', { ParStatus: 'FAILURE' }, 'failed'],
    ['par repair possible but not done', { ParStatus: 'REPAIR_POSSIBLE' }, 'failed'],
    ['unpack out of disk space', { UnpackStatus: 'SPACE' }, 'warning'],
    ['unpack failed', { UnpackStatus: 'FAILURE' }, 'failed'],
    ['unpack needs a password', { UnpackStatus: 'PASSWORD' }, 'failed'],
    ['move to the destination failed', { MoveStatus: 'FAILURE' }, 'warning'],
    ['a post-processing script failed', { ScriptStatus: 'FAILURE' }, 'failed'],
    ['deleted by the health check', { DeleteStatus: 'HEALTH' }, 'failed'],
    ['deleted as a duplicate', { DeleteStatus: 'DUPE' }, 'failed'],
    ['deleted as bad', { DeleteStatus: 'BAD' }, 'failed'],
    ['deleted for another reason', { DeleteStatus: 'GOOD' }, 'warning'],
    ['deleted by hand and marked bad', { DeleteStatus: 'MANUAL', MarkStatus: 'BAD' }, 'failed'],
  ] as const)('%s → %s', (_what, statuses, expected) => {
    expect(historyStatus(entry(statuses))).toBe(expected);
  });

  it('a download deleted by hand (not marked bad) is not listed at all', () => {
    expect(historyStatus(entry({ DeleteStatus: 'MANUAL' }))).toBeUndefined();
  });

  it('each later stage that went wrong decides: a failed script after a move warning is failed', () => {
    expect(historyStatus(entry({ MoveStatus: 'FAILURE', ScriptStatus: 'FAILURE' }))).toBe('failed');
  });
});
