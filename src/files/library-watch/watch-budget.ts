import { opendir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MAX_USER_WATCHES_FILE = '/proc/sys/fs/inotify/max_user_watches';

/** The kernel's inotify watch limit per user, or undefined where there is none to read (not Linux). */
export async function readWatchLimit(file = MAX_USER_WATCHES_FILE): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  const limit = text === undefined ? NaN : Number.parseInt(text.trim(), 10);
  return Number.isFinite(limit) && limit > 0 ? limit : undefined;
}

/**
 * How many folders lie at each depth below the roots (index 0: the roots that exist), skipping hidden folders and
 * `skip`. Stops counting once more than `stopAfter` folders were found: past that only "too many" matters.
 */
export async function countFoldersByDepth(
  roots: string[],
  skip: (path: string) => boolean,
  stopAfter = Number.POSITIVE_INFINITY,
): Promise<number[]> {
  const levels: number[] = [];
  let level: string[] = [];
  for (const root of roots) {
    const dir = await opendir(root).catch(() => null);
    if (!dir) continue;
    await dir.close();
    level.push(root);
  }
  let total = 0;
  while (level.length) {
    levels.push(level.length);
    total += level.length;
    if (total > stopAfter) break;
    const next: string[] = [];
    for (const folder of level) {
      const dir = await opendir(folder).catch(() => null);
      if (!dir) continue;
      for await (const entry of dir) {
        const path = join(folder, entry.name);
        if (entry.isDirectory() && !entry.name.startsWith('.') && !skip(path)) next.push(path);
      }
    }
    level = next;
  }
  return levels;
}

/**
 * The deepest level to watch so that one watch per folder stays within `limit`: undefined when every folder fits,
 * -1 when not even the roots do.
 */
export function depthThatFits(levels: number[], limit: number): number | undefined {
  let total = 0;
  for (const [depth, count] of levels.entries()) {
    total += count;
    if (total > limit) return depth - 1;
  }
  return undefined;
}
