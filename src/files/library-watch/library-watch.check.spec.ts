import { LibraryWatchCheck } from './library-watch.check';
import type { LibraryWatcherService, WatchStatus } from './library-watcher.service';

const checkWith = (status: Partial<WatchStatus>) =>
  new LibraryWatchCheck({
    status: () => ({ roots: ['/books'], folders: 10_001, watchedFolders: 10_001, exhausted: false, ...status }),
  } as unknown as LibraryWatcherService).check();

describe('LibraryWatchCheck', () => {
  it('is quiet when every folder is watched, or nothing is to be watched', async () => {
    expect(await checkWith({ limit: 524_288 })).toEqual([]);
    expect(await checkWith({ roots: [], limit: 10 })).toEqual([]);
  });

  it('warns with the limit needed and how to raise it when only the upper levels fit', async () => {
    const [result] = await checkWith({ limit: 8192, depth: 1, watchedFolders: 101 });
    expect(result.type).toBe('warning');
    expect(result.message).toContain('The inotify watch limit (8192) is lower than the 10001 folders');
    expect(result.message).toContain('only the 101 folders up to 1 level(s) below the root folders are watched');
    expect(result.message).toContain('sysctl -w fs.inotify.max_user_watches=18193');
  });

  it('says when nothing is watched, and when the kernel refused watches later', async () => {
    expect((await checkWith({ limit: 0, depth: -1 }))[0].message).toContain('the library is not watched for changes');
    expect((await checkWith({ limit: 20_000, exhausted: true }))[0].message).toContain('ran out while watching');
  });
});
