import { constants, copyFile, cp, opendir, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { extname, join } from 'node:path';

export async function pathExists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** `folder/name`, or `folder/stem_2.ext`, `_3`… when that name is taken (how Readarr names clashes in its bin). */
export async function freeFileName(folder: string, name: string): Promise<string> {
  const extension = extname(name);
  const stem = extension ? name.slice(0, -extension.length) : name;
  let candidate = join(folder, name);
  for (let index = 2; await pathExists(candidate); index++) candidate = join(folder, `${stem}_${index}${extension}`);
  return candidate;
}

/** Renames a file; across devices it copies then unlinks, so a failed copy leaves the source as it was. */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    try {
      await copyFile(from, to, constants.COPYFILE_EXCL);
    } catch (copyError) {
      await rm(to, { force: true });
      throw copyError;
    }
    await unlink(from);
  }
}

/**
 * Moves a folder to `to`. When `to` already exists the two are merged, clashing file names getting a `_2` suffix;
 * a move across devices copies first and removes the source only once the copy is whole.
 */
export async function moveFolder(from: string, to: string): Promise<void> {
  if (await pathExists(to)) {
    for (const entry of await readdir(from, { withFileTypes: true })) {
      const source = join(from, entry.name);
      if (entry.isDirectory()) await moveFolder(source, join(to, entry.name));
      else await moveFile(source, await freeFileName(to, entry.name));
    }
    await rmdir(from);
    return;
  }
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    try {
      await cp(from, to, { recursive: true, preserveTimestamps: true, errorOnExist: true, force: false });
    } catch (copyError) {
      await rm(to, { recursive: true, force: true });
      throw copyError;
    }
    await rm(from, { recursive: true, force: true });
  }
}

/** Every file below `folder`, at any depth. */
export async function* filesUnder(folder: string): AsyncGenerator<string> {
  const dir = await opendir(folder).catch(() => null);
  if (!dir) return;
  for await (const entry of dir) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

export async function hasFiles(folder: string): Promise<boolean> {
  for await (const _file of filesUnder(folder)) return true;
  return false;
}

/** Removes the empty folders below `folder`, deepest first; `folder` itself stays. */
export async function removeEmptySubfolders(folder: string): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.filter((e) => e.isDirectory())) {
    const path = join(folder, entry.name);
    await removeEmptySubfolders(path);
    if ((await readdir(path).catch(() => ['?'])).length === 0) await rmdir(path).catch(() => undefined);
  }
}

/** A short reason for a failed disk operation, without the paths Node puts in its messages. */
export function diskReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
    ENOENT: 'a folder on the way does not exist',
    ENOTDIR: 'a part of the path is not a folder',
    EEXIST: 'the destination already exists',
  };
  return (code && reasons[code]) ?? code ?? 'unexpected error';
}
