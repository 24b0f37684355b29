import { createWriteStream } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { UnreadableSourceError } from './readarr-database.repository';

/** Largest readarr.db taken from a zip (a library of 100,000 books is a few hundred MB at most). */
export const MAX_DATABASE_BYTES = 768 * 1024 ** 2;
const MAX_CONFIG_BYTES = 1024 ** 2;
/** A SQLite file deflates 3-10×; an entry claiming far more is a zip bomb. */
const MAX_COMPRESSION_RATIO = 100;

export type UploadKind = 'sqlite' | 'zip';

/** Looks at the first bytes: an SQLite database, a zip, or neither (400). */
export async function sniffUpload(path: string): Promise<UploadKind> {
  const handle = await openFile(path, 'r');
  try {
    const head = Buffer.alloc(16);
    await handle.read(head, 0, 16, 0);
    if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
    if (head.readUInt32LE(0) === 0x04034b50) return 'zip';
  } finally {
    await handle.close();
  }
  throw new UnreadableSourceError('The file is neither a readarr.db (SQLite) nor a Readarr backup zip');
}

export interface ExtractedBackup {
  /** Path of the extracted readarr.db. */
  databasePath: string;
  /** config.xml's text, when the zip had one. */
  configXml?: string;
}

/**
 * Streams `readarr.db` (and `config.xml`) out of a Readarr backup zip into `databasePath`, refusing entries
 * whose names climb out of the archive or are absolute, entries larger than the caps, and entries whose
 * compression ratio gives them away as zip bombs; the inflated bytes are counted too (a lying header fails).
 */
export async function extractBackup(zipPath: string, databasePath: string): Promise<ExtractedBackup> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: true, validateEntrySizes: true }, (error, file) =>
      error || !file
        ? reject(
            new UnreadableSourceError(
              /invalid relative path|absolute path/.test(error?.message ?? '')
                ? `The zip holds an entry outside the archive (${error?.message})`
                : `The zip cannot be read: ${error?.message}`,
            ),
          )
        : resolve(file),
    ),
  );
  let configXml: string | undefined;
  let foundDatabase = false;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        zip.close();
        const message = (error as Error).message;
        reject(
          error instanceof UnreadableSourceError
            ? error
            : /invalid relative path|absolute path/.test(message)
              ? new UnreadableSourceError(`The zip holds an entry outside the archive (${message})`)
              : new UnreadableSourceError(`The zip cannot be read: ${message}`),
        );
      };
      zip.on('error', fail);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName.replace(/\\/g, '/');
        if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split('/').includes('..'))
          return fail(new UnreadableSourceError(`The zip holds an entry outside the archive: ${entry.fileName}`));
        const base = name.split('/').pop()!.toLowerCase();
        const wanted = base === 'readarr.db' ? 'database' : base === 'config.xml' ? 'config' : undefined;
        if (!wanted || name.includes('/')) return zip.readEntry();
        const cap = wanted === 'database' ? MAX_DATABASE_BYTES : MAX_CONFIG_BYTES;
        if (entry.uncompressedSize > cap)
          return fail(new UnreadableSourceError(`${entry.fileName} is larger than ${cap} bytes`));
        if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > MAX_COMPRESSION_RATIO)
          return fail(new UnreadableSourceError(`${entry.fileName} inflates suspiciously (zip bomb?)`));
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return fail(error ?? new Error('unreadable entry'));
          let total = 0;
          const counter = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              total += chunk.length;
              if (total > cap) done(new UnreadableSourceError(`${entry.fileName} inflates beyond ${cap} bytes`));
              else done(null, chunk);
            },
          });
          if (wanted === 'database') {
            foundDatabase = true;
            pipeline(stream, counter, createWriteStream(databasePath, { mode: 0o600 })).then(
              () => zip.readEntry(),
              fail,
            );
          } else {
            const chunks: Buffer[] = [];
            counter.on('data', (chunk: Buffer) => chunks.push(chunk));
            pipeline(stream, counter).then(() => {
              configXml = Buffer.concat(chunks).toString('utf8');
              zip.readEntry();
            }, fail);
          }
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!foundDatabase) throw new UnreadableSourceError('The zip has no readarr.db at its root');
  return { databasePath, configXml };
}
