import { readdirSync, readFileSync } from 'node:fs';

/** The inotify watches a process holds now (the `inotify wd:` lines of its file descriptors); NaN when gone. */
export function inotifyWatches(pid: number | undefined): number {
  if (!pid) return NaN;
  let watches = 0;
  try {
    for (const fd of readdirSync(`/proc/${pid}/fdinfo`)) {
      try {
        watches += readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8').match(/^inotify wd:/gm)?.length ?? 0;
      } catch {
        // the descriptor closed meanwhile
      }
    }
  } catch {
    return NaN;
  }
  return watches;
}
