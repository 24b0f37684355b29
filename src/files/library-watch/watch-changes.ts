import { extname, relative, sep } from 'node:path';
import { isMediaFile } from '../../library/media-file/media-extensions';

export interface WatchedChange {
  /** The changed entry, absolute. */
  path: string;
  /** The watched root folder it lies under, without trailing slash. */
  root: string;
}

/**
 * Changes that cannot affect the library: anything hidden or in the recycle bin, partial and backup copies
 * (`.partial~`, `.backup~`, as Readarr), and files that are not books. A name without extension that is no longer
 * there is kept: it is most likely a folder that was removed, whose files must leave the library.
 */
export function isIgnoredChange(
  change: WatchedChange,
  recycleBin: string,
  isDirectory: (path: string) => boolean,
): boolean {
  const rel = relative(change.root, change.path);
  if (!rel || rel.startsWith('..')) return true;
  if (rel.split(sep).some((segment) => segment.startsWith('.'))) return true;
  if (change.path.endsWith('.partial~') || change.path.endsWith('.backup~')) return true;
  const bin = recycleBin.replace(/\/+$/, '');
  if (bin && (change.path === bin || change.path.startsWith(`${bin}/`))) return true;
  if (isMediaFile(change.path) || isDirectory(change.path)) return false;
  return extname(change.path) !== '';
}

/**
 * The folders to rescan for a batch of changes: the author folder (first level below the root folder) of each
 * change. A change whose author folder is gone (the folder itself was removed or renamed) or that sits loose in the
 * root folder rescans the root folder, the only scan that drops the rows of files no longer there.
 */
export function foldersToRescan(
  changes: WatchedChange[],
  recycleBin: string,
  isDirectory: (path: string) => boolean,
): string[] {
  const roots = new Set<string>();
  const authorFolders = new Map<string, string>();
  for (const change of changes) {
    if (isIgnoredChange(change, recycleBin, isDirectory)) continue;
    const first = relative(change.root, change.path).split(sep)[0];
    const authorFolder = `${change.root === '/' ? '' : change.root}/${first}`;
    if (isDirectory(authorFolder)) authorFolders.set(authorFolder, change.root);
    else roots.add(change.root);
  }
  const folders = [...roots];
  for (const [folder, root] of authorFolders) if (!roots.has(root)) folders.push(folder);
  return folders.sort();
}
