import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** Writes a zip of the given files (`{ name in archive: path on disk }`) and in-memory texts. */
export async function writeZip(
  target: string,
  files: Record<string, string>,
  texts: Record<string, string>,
): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, path] of Object.entries(files)) zip.addFile(path, name);
  for (const [name, text] of Object.entries(texts)) zip.addBuffer(Buffer.from(text, 'utf8'), name);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(target, { mode: 0o600 }));
}

export class InvalidArchiveError extends Error {}

/**
 * Reads every entry of a zip into memory, refusing archives whose entries would expand beyond `maxBytes`
 * in total (zip bombs), and anything yauzl finds malformed.
 */
export async function readZip(path: string, maxBytes: number): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true, strictFileNames: true }, (error, file) =>
      error || !file ? reject(new InvalidArchiveError(error?.message ?? 'unreadable zip')) : resolve(file),
    ),
  );
  const entries = new Map<string, Buffer>();
  let total = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      reject(new InvalidArchiveError(error instanceof Error ? error.message : String(error)));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      total += entry.uncompressedSize;
      if (total > maxBytes) return fail(new Error('archive expands beyond the allowed size'));
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(error ?? new Error('unreadable entry'));
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', fail);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
