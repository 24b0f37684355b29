import { createHash } from 'node:crypto';
import { APP_NAME } from '../../common/app-info';
import { BadRequestError } from '../../common/errors/domain-errors';
import { BackupManifest, tableEntryName } from '../../database/database-dump';
import { InvalidArchiveError, ZipReader } from './zip-archive';

/** Whole archives are refused beyond this. */
const MAX_RESTORE_BYTES = 4 * 1024 ** 3;
/** A row as JSON text; Quire's largest (a book with a long overview and its links) is a few tens of KiB. */
const MAX_ROW_BYTES = 4 * 1024 ** 2;
const MAX_MANIFEST_BYTES = 1024 ** 2;
/** manifest.json plus one entry per table, with room for tables a newer schema adds. */
export const MAX_ARCHIVE_ENTRIES = 1_000;

/**
 * Reading a backup archive for a restore, entry by entry and never whole: the manifest first, then every table
 * entry checked against it (size cap, checksum, row count, JSON rows) before anything touches the database.
 */
export async function validateArchive(zip: ZipReader, knownMigrations: Set<string>): Promise<BackupManifest> {
  if (!zip.entries.has('manifest.json')) throw new BadRequestError('Not a Quire backup: manifest.json is missing');
  let manifestText = '';
  try {
    for await (const line of zip.lines('manifest.json', {
      maxBytes: MAX_MANIFEST_BYTES,
      maxLineBytes: MAX_MANIFEST_BYTES,
    }))
      manifestText += `${line}\n`;
  } catch (error) {
    throw archiveError(error);
  }
  const manifest = parseManifest(manifestText);
  const unknown = manifest.migrations.filter((name) => !knownMigrations.has(name));
  if (unknown.length)
    throw new BadRequestError(`The backup was made by a newer Quire (unknown migrations: ${unknown.join(', ')})`);
  const expected = new Set(['manifest.json', ...manifest.tables.map((table) => tableEntryName(table.name))]);
  const foreign = [...zip.entries.keys()].find((name) => !expected.has(name));
  if (foreign !== undefined) throw new BadRequestError(`Not a Quire backup: unexpected entry ${foreign.slice(0, 200)}`);
  for (const table of manifest.tables) {
    const name = tableEntryName(table.name);
    const hash = createHash('sha256');
    let rows = 0;
    try {
      for await (const line of zip.lines(name, entryLimits(table), (chunk) => hash.update(chunk))) {
        parseRow(line, table.name);
        rows++;
      }
    } catch (error) {
      throw archiveError(error, 'Corrupt backup');
    }
    if (hash.digest('hex') !== table.sha256)
      throw new BadRequestError(`Corrupt backup: ${name} does not match its checksum`);
    if (rows !== table.rows) throw new BadRequestError(`Corrupt backup: row count of ${table.name} differs`);
  }
  return manifest;
}

/** The rows of one table entry, `chunkSize` at a time, streamed again from the archive and checked again. */
export async function* rowChunks(
  zip: ZipReader,
  manifest: BackupManifest,
  table: string,
  chunkSize: number,
): AsyncGenerator<unknown[]> {
  const saved = manifest.tables.find((candidate) => candidate.name === table);
  if (!saved) return;
  const hash = createHash('sha256');
  let chunk: unknown[] = [];
  for await (const line of zip.lines(tableEntryName(table), entryLimits(saved), (data) => hash.update(data))) {
    chunk.push(parseRow(line, table));
    if (chunk.length < chunkSize) continue;
    yield chunk;
    chunk = [];
  }
  if (chunk.length) yield chunk;
  if (hash.digest('hex') !== saved.sha256) throw new Error(`${tableEntryName(table)} changed since it was checked`);
}

/**
 * The cap on one table entry: what `rows` rows of a real Quire database can take as JSON lines. No row of a
 * Quire table is near MAX_ROW_BYTES (request bodies cap strings at 256 KiB), so a larger entry is not a backup.
 */
function entryLimits(table: { rows: number }): { maxBytes: number; maxLineBytes: number } {
  return { maxBytes: Math.min(MAX_RESTORE_BYTES, table.rows * MAX_ROW_BYTES), maxLineBytes: MAX_ROW_BYTES };
}

export function archiveError(error: unknown, prefix = 'Not a valid backup archive'): unknown {
  if (error instanceof InvalidArchiveError) return new BadRequestError(`${prefix}: ${error.message}`);
  return error;
}

function parseManifest(text: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BadRequestError('Not a Quire backup: manifest.json is not valid JSON');
  }
  const valid =
    manifest.app === APP_NAME &&
    manifest.format === 1 &&
    Array.isArray(manifest.migrations) &&
    Array.isArray(manifest.tables) &&
    manifest.tables.every(
      (table) =>
        typeof table?.name === 'string' &&
        Array.isArray(table.columns) &&
        Number.isSafeInteger(table.rows) &&
        table.rows >= 0 &&
        typeof table.sha256 === 'string',
    );
  if (!valid) throw new BadRequestError('Not a Quire backup: unexpected manifest');
  return manifest as BackupManifest;
}

function parseRow(line: string, table: string): unknown {
  try {
    const row = JSON.parse(line) as unknown;
    if (row && typeof row === 'object' && !Array.isArray(row)) return row;
  } catch {
    // reported below
  }
  throw new BadRequestError(`Corrupt backup: a row of ${table} is not a JSON object`);
}
