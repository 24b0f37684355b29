import { constants } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { access, readdir, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';

export interface DiskInfo {
  accessible: boolean;
  freeSpace: number | null;
  totalSpace: number | null;
}

/** Folders no library may live in (Readarr's SystemFolderValidator, Linux flavour). */
export const SYSTEM_FOLDERS = [
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib64',
  '/proc',
  '/run',
  '/sbin',
  '/sys',
  '/usr',
  '/var',
];

export function isAbsolutePath(path: string): boolean {
  return isAbsolute(path.trim());
}

/** True when `child` is `parent` or lies inside it. */
export function isSameOrInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Like Readarr's FolderWritable: really creates (and removes) a file, so root on a read-only or immutable folder is caught. */
export async function isWritable(path: string): Promise<boolean> {
  const probe = join(path, `.quire-write-test-${randomBytes(6).toString('hex')}`);
  try {
    await access(path, constants.W_OK | constants.X_OK);
    await writeFile(probe, '');
    await rm(probe, { force: true });
    return true;
  } catch {
    return false;
  }
}

export async function diskInfo(path: string): Promise<DiskInfo> {
  try {
    await access(path, constants.R_OK);
    if (!(await isDirectory(path))) return { accessible: false, freeSpace: null, totalSpace: null };
    const fs = await statfs(path);
    return { accessible: true, freeSpace: fs.bavail * fs.bsize, totalSpace: fs.blocks * fs.bsize };
  } catch {
    return { accessible: false, freeSpace: null, totalSpace: null };
  }
}

/** Sub-folders of `root` (hidden ones and Readarr's own skip list left out), sorted by name. */
export async function subfolders(root: string): Promise<{ name: string; path: string }[]> {
  try {
    const entries = await readdir(root, { withFileTypes: true });
    return entries
      .filter(
        (entry) => entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name.toLowerCase()),
      )
      .map((entry) => ({ name: entry.name, path: join(root, entry.name) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return [];
  }
}

const SKIPPED_FOLDERS = new Set([
  '$recycle.bin',
  'system volume information',
  'lost+found',
  '@eadir',
  '#recycle',
  '.@__thumb',
]);
