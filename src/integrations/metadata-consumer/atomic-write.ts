import { randomBytes } from 'node:crypto';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `path` whole or not at all: the bytes go to a hidden temporary name in the same folder (same file system),
 * which is then renamed over the target, so a reader (Calibre, an e-reader sync, a crash) never sees half a file.
 */
export async function writeFileAtomic(path: string, contents: Buffer): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, contents, { flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
