import { open, type Entry, type ZipFile } from 'yauzl';

const MAX_ENTRY_BYTES = 4 * 1024 * 1024;

/**
 * Reads the named entries (text, ≤ 4 MB each) of a zip file; `pick` is asked for each entry name and
 * answers whether to read it. Missing entries are simply absent from the result.
 */
export function readZipEntries(path: string, pick: (name: string) => boolean): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    open(path, { lazyEntries: true, autoClose: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error ?? new Error('Cannot open zip'));
      const found = new Map<string, string>();
      zip.on('error', reject);
      zip.on('end', () => resolve(found));
      zip.on('entry', (entry: Entry) => {
        if (!pick(entry.fileName) || entry.uncompressedSize > MAX_ENTRY_BYTES) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('Cannot read zip entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
