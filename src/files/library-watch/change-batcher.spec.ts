import { ChangeBatcher } from './change-batcher';
import { foldersToRescan, type WatchedChange } from './watch-changes';

describe('ChangeBatcher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const batcher = (quietMs: number, maxWaitMs: number) => {
    const batches: WatchedChange[][] = [];
    const b = new ChangeBatcher(
      quietMs,
      maxWaitMs,
      (changes) => batches.push(changes),
      () => Date.now(),
    );
    return { b, batches };
  };

  it('hands fifty changes that come close together over once, after the disk is quiet', () => {
    const { b, batches } = batcher(1000, 60_000);
    for (let i = 0; i < 50; i++) {
      b.add({ path: `/lib/A/B/${i}.epub`, root: '/lib' });
      jest.advanceTimersByTime(100);
    }
    expect(batches).toHaveLength(0);
    jest.advanceTimersByTime(999);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(50);
    jest.advanceTimersByTime(10_000);
    expect(batches).toHaveLength(1);
  });

  it('counts a path changed many times once', () => {
    const { b, batches } = batcher(500, 60_000);
    for (let i = 0; i < 5; i++) b.add({ path: '/lib/A/x.epub', root: '/lib' });
    jest.advanceTimersByTime(500);
    expect(batches).toEqual([[{ path: '/lib/A/x.epub', root: '/lib' }]]);
  });

  it('still hands over a copy that never pauses, every maxWait', () => {
    const { b, batches } = batcher(1000, 5000);
    for (let i = 0; i < 120; i++) {
      b.add({ path: `/lib/A/${i}.epub`, root: '/lib' });
      jest.advanceTimersByTime(100);
    }
    expect(batches.length).toBe(2);
    expect(batches[0].length).toBe(50);
  });

  it('forgets pending changes when cleared', () => {
    const { b, batches } = batcher(100, 1000);
    b.add({ path: '/lib/A/x.epub', root: '/lib' });
    b.clear();
    jest.advanceTimersByTime(5000);
    expect(batches).toHaveLength(0);
  });
});

describe('foldersToRescan', () => {
  const dirs = new Set([
    '/lib',
    '/lib/Ann Leckie',
    '/lib/Ann Leckie/Ancillary Justice',
    '/lib/Iain Banks',
    '/lib/.sync',
  ]);
  const isDirectory = (path: string) => dirs.has(path);
  const at = (path: string): WatchedChange => ({ path, root: '/lib' });

  it('rescans each author folder once, whatever the number of changes in it', () => {
    const changes = [
      ...Array.from({ length: 30 }, (_, i) => at(`/lib/Ann Leckie/Ancillary Justice/${i}.epub`)),
      at('/lib/Ann Leckie/Ancillary Justice'),
      at('/lib/Iain Banks/Excession/excession.mobi'),
    ];
    expect(foldersToRescan(changes, '', isDirectory)).toEqual(['/lib/Ann Leckie', '/lib/Iain Banks']);
  });

  it('ignores hidden entries, partial and backup copies, other files and the recycle bin', () => {
    const changes = [
      at('/lib/Ann Leckie/.x.epub'),
      at('/lib/.sync/a.epub'),
      at('/lib/Ann Leckie/Ancillary Justice/a.epub.partial~'),
      at('/lib/Ann Leckie/Ancillary Justice/a.epub.backup~'),
      at('/lib/Ann Leckie/Ancillary Justice/cover.jpg'),
      at('/lib/Ann Leckie/Ancillary Justice/notes.txt.swp'),
      at('/lib/Bin/Old Author/old.epub'),
    ];
    expect(foldersToRescan(changes, '/lib/Bin/', isDirectory)).toEqual([]);
  });

  it('rescans the root folder for a removed author folder or a loose file, and then not its author folders', () => {
    expect(foldersToRescan([at('/lib/Gone Author')], '', isDirectory)).toEqual(['/lib']);
    expect(foldersToRescan([at('/lib/Gone Author/Book/b.epub')], '', isDirectory)).toEqual(['/lib']);
    expect(foldersToRescan([at('/lib/loose.epub'), at('/lib/Iain Banks/x.epub')], '', isDirectory)).toEqual(['/lib']);
  });

  it('keeps root folders apart', () => {
    const other = { path: '/other/Ann Leckie/b.epub', root: '/other' };
    expect(foldersToRescan([at('/lib/Iain Banks/a.epub'), other], '', (p) => p === '/lib/Iain Banks')).toEqual([
      '/lib/Iain Banks',
      '/other',
    ]);
  });
});
