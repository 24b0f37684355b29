import { execFile } from 'node:child_process';
import {
  chmod,
  chown,
  copyFile,
  constants,
  link,
  mkdir,
  readdir,
  readFile,
  rename,
  rmdir,
  stat,
  unlink,
} from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

export type TransferMode = 'move' | 'copy' | 'hardlink';

export interface FolderPermissions {
  setPermissionsLinux: boolean;
  chmodFolder: string;
  /** A group name or id: imported files and their folder are given to it (Linux, with setPermissionsLinux). */
  chownGroup?: string;
}

/** The id of group `name` (a number is taken as is): NSS through `getent`, else /etc/group. */
export async function groupId(name: string): Promise<number | undefined> {
  const trimmed = name.trim();
  if (!trimmed) return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const fromLine = (line: string) => {
    const [group, , gid] = line.split(':');
    return group === trimmed && /^\d+$/.test(gid ?? '') ? Number(gid) : undefined;
  };
  try {
    const { stdout } = await promisify(execFile)('getent', ['group', trimmed], { timeout: 5000 });
    const gid = fromLine(stdout.trim());
    if (gid !== undefined) return gid;
  } catch {
    // no getent (or no such group in NSS): /etc/group below
  }
  const groups = await readFile('/etc/group', 'utf8').catch(() => '');
  for (const line of groups.split('\n')) {
    const gid = fromLine(line);
    if (gid !== undefined) return gid;
  }
  return undefined;
}

/**
 * Readarr's SetPermissions group part: the file and its folder go to `chownGroup`; the owner stays. Like the folder
 * mode, a failure (unknown group, not permitted) leaves the import alone: the file is in place either way.
 */
async function applyGroup(paths: string[], permissions?: FolderPermissions): Promise<void> {
  if (!permissions?.setPermissionsLinux || !permissions.chownGroup?.trim()) return;
  const gid = await groupId(permissions.chownGroup);
  if (gid === undefined) return;
  for (const path of paths) await chown(path, -1, gid).catch(() => undefined);
}

/** Creates the destination's folders (chmod per media-management config) and moves/copies/hard-links the file. */
export async function transferFile(
  source: string,
  destination: string,
  mode: TransferMode,
  permissions?: FolderPermissions,
): Promise<TransferMode> {
  if (source === destination) return mode;
  const folder = dirname(destination);
  await mkdir(folder, { recursive: true });
  if (permissions?.setPermissionsLinux && /^[0-7]{3,4}$/.test(permissions.chmodFolder))
    await chmod(folder, parseInt(permissions.chmodFolder, 8)).catch(() => undefined);
  if (await exists(destination)) throw new Error(`Destination '${destination}' already exists`);
  if (mode === 'move') {
    try {
      await rename(source, destination);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(source, destination, constants.COPYFILE_EXCL);
      await unlink(source);
    }
    await applyGroup([folder, destination], permissions);
    return 'move';
  }
  if (mode === 'hardlink') {
    const linked = await link(source, destination).then(
      () => true,
      // other file system or hard links unsupported: copy instead (Readarr does the same)
      () => false,
    );
    if (linked) {
      // a hard link shares the source's inode: changing its group would change the download's too
      await applyGroup([folder], permissions);
      return 'hardlink';
    }
  }
  await copyFile(source, destination, constants.COPYFILE_EXCL);
  await applyGroup([folder, destination], permissions);
  return 'copy';
}

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Removes `folder` and then its parents while they are empty, stopping at `stopAt` (never removed). */
export async function removeEmptyFolders(folder: string, stopAt: string): Promise<void> {
  let current = folder;
  while (current.startsWith(stopAt) && current !== stopAt && current.length > stopAt.length) {
    const entries = await readdir(current).catch(() => null);
    if (!entries || entries.length > 0) return;
    await rmdir(current).catch(() => undefined);
    current = dirname(current);
  }
}
