import { chmod, copyFile, constants, link, mkdir, readdir, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

export type TransferMode = 'move' | 'copy' | 'hardlink';

export interface FolderPermissions {
  setPermissionsLinux: boolean;
  chmodFolder: string;
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
      return 'move';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(source, destination, constants.COPYFILE_EXCL);
      await unlink(source);
      return 'move';
    }
  }
  if (mode === 'hardlink') {
    try {
      await link(source, destination);
      return 'hardlink';
    } catch {
      // other file system or hard links unsupported: copy instead (Readarr does the same)
    }
  }
  await copyFile(source, destination, constants.COPYFILE_EXCL);
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
