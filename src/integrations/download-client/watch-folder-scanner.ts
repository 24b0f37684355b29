import { Injectable } from '@nestjs/common';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** One file or folder of a blackhole's watch folder. */
export interface WatchFolderEntry {
  path: string;
  /** The entry's name, a file's extension left out. */
  title: string;
  totalSize: number;
  /** `downloading` until the entry has stayed unchanged for the grace period. */
  status: 'completed' | 'downloading';
  /** Seconds left of the grace period (0 once completed). */
  remainingTime: number;
}

interface Sighting {
  fingerprint: string;
  lastChanged: number;
}

/** Every file under `path` (or `path` itself) with its size and last write time. */
async function filesOf(path: string): Promise<{ path: string; size: number; modified: number }[]> {
  const info = await stat(path);
  if (!info.isDirectory()) return [{ path, size: info.size, modified: info.mtimeMs }];
  const nested = await Promise.all((await readdir(path)).map((entry) => filesOf(join(path, entry))));
  return nested.flat();
}

/**
 * Reads a blackhole's watch folder the way Readarr's ScanWatchFolder does: the client writing into it gives no
 * sign of being done, so an entry counts as completed only once its files' sizes and last write times have not
 * changed for a grace period; until then it is still downloading, and no import picks up a half-written file.
 * The last sightings live here, one instance for the whole process, since the clients are rebuilt per call.
 */
@Injectable()
export class WatchFolderScanner {
  /** Readarr's ScanGracePeriod. */
  gracePeriodMs = 30_000;
  /** The time source; tests move it instead of waiting out the grace period. */
  now: () => number = () => Date.now();
  private readonly sightings = new Map<string, Map<string, Sighting>>();

  async scan(watchFolder: string): Promise<WatchFolderEntry[]> {
    const before = this.sightings.get(watchFolder) ?? new Map<string, Sighting>();
    const seen = new Map<string, Sighting>();
    const entries: WatchFolderEntry[] = [];
    const now = this.now();
    for (const entry of await readdir(watchFolder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(watchFolder, entry.name);
      const files = await filesOf(path).catch(() => null);
      if (!files) continue; // gone between the listing and the look
      const folderModified = entry.isDirectory() ? (await stat(path)).mtimeMs : 0;
      const fingerprint = JSON.stringify([
        folderModified,
        ...files.map((file) => [file.path, file.size, file.modified]).sort(),
      ]);
      const last = before.get(path);
      const lastChanged = last && last.fingerprint === fingerprint ? last.lastChanged : now;
      seen.set(path, { fingerprint, lastChanged });
      const remainingMs = this.gracePeriodMs - (now - lastChanged);
      entries.push({
        path,
        title: entry.isDirectory() ? entry.name : entry.name.replace(/\.[^.]+$/, ''),
        totalSize: files.reduce((sum, file) => sum + file.size, 0),
        status: remainingMs > 0 ? 'downloading' : 'completed',
        remainingTime: remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0,
      });
    }
    this.sightings.set(watchFolder, seen);
    return entries;
  }
}
