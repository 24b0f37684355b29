import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
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

/**
 * A zip opened for streaming reads: the central directory is listed (at most `maxEntries`), entries are
 * inflated only when asked, one at a time, and never held whole in memory.
 */
export class ZipReader {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: Map<string, yauzl.Entry>,
  ) {}

  static async open(path: string, maxEntries: number): Promise<ZipReader> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(
        path,
        { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
        (error, file) =>
          error || !file ? reject(new InvalidArchiveError(error?.message ?? 'unreadable zip')) : resolve(file),
      ),
    );
    if (zip.entryCount > maxEntries) {
      zip.close();
      throw new InvalidArchiveError(`the archive lists ${zip.entryCount} entries, more than a backup has`);
    }
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: Error) => reject(new InvalidArchiveError(error.message)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.readEntry();
    }).catch((error: unknown) => {
      zip.close();
      throw error;
    });
    return new ZipReader(zip, entries);
  }

  /**
   * One entry as lines (without the newline), inflated as they are read. An entry whose declared or actual size
   * exceeds `maxBytes`, or a single line above `maxLineBytes`, is refused before more than that is inflated.
   * `onChunk` sees the raw bytes (for checksums).
   */
  async *lines(
    name: string,
    limits: { maxBytes: number; maxLineBytes: number },
    onChunk?: (chunk: Buffer) => void,
  ): AsyncGenerator<string> {
    const entry = this.entries.get(name);
    if (!entry) throw new InvalidArchiveError(`${name} is missing`);
    if (entry.uncompressedSize > limits.maxBytes)
      throw new InvalidArchiveError(
        `${name} would expand to ${entry.uncompressedSize} bytes, more than ${limits.maxBytes}`,
      );
    const stream = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, (error, opened) =>
        error || !opened ? reject(new InvalidArchiveError(error?.message ?? 'unreadable entry')) : resolve(opened),
      ),
    );
    let total = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    try {
      for await (const data of stream as AsyncIterable<Buffer>) {
        total += data.length;
        if (total > limits.maxBytes) throw new InvalidArchiveError(`${name} expands beyond ${limits.maxBytes} bytes`);
        onChunk?.(data);
        let start = 0;
        for (let newline = data.indexOf(10); newline !== -1; newline = data.indexOf(10, start)) {
          pending.push(data.subarray(start, newline));
          const line = Buffer.concat(pending).toString('utf8');
          pending = [];
          pendingBytes = 0;
          start = newline + 1;
          if (line) yield line;
        }
        if (start < data.length) {
          pending.push(data.subarray(start));
          pendingBytes += data.length - start;
          if (pendingBytes > limits.maxLineBytes)
            throw new InvalidArchiveError(`${name} has a line longer than ${limits.maxLineBytes} bytes`);
        }
      }
    } catch (error) {
      if (error instanceof InvalidArchiveError) throw error;
      throw new InvalidArchiveError(error instanceof Error ? error.message : String(error));
    } finally {
      stream.destroy();
    }
    const rest = Buffer.concat(pending).toString('utf8');
    if (rest) yield rest;
  }

  close(): void {
    this.zip.close();
  }
}
