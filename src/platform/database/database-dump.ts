import { createHash } from 'node:crypto';
import { recomputeDerivedCounters } from './derived-counters';
import { quoteIdentifier } from './quote-identifier';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { DataSource, QueryRunner } from 'typeorm';

/**
 * Tables a backup leaves out and a restore leaves alone: the migration history (the schema belongs to the
 * running version), the log, the command queue with its workers (transient state of the running processes),
 * and the library version (it only ever grows: a restore adds to it like any other write).
 */
export const NOT_BACKED_UP = new Set(['migrations', 'log', 'command', 'command_worker', 'library_change']);

export interface TableManifest {
  name: string;
  columns: string[];
  rows: number;
  sha256: string;
}

export interface BackupManifest {
  app: 'Quire';
  format: 1;
  version: string;
  created: string;
  databaseType: 'postgreSQL';
  embedded: boolean;
  migrations: string[];
  tables: TableManifest[];
}

const FETCH_SIZE = 1_000;
const INSERT_CHUNK = 500;

export function tableEntryName(table: string): string {
  return `tables/${table}.jsonl`;
}

async function select<T>(runner: QueryRunner, sql: string, parameters?: unknown[]): Promise<T> {
  return (await runner.query(sql, parameters)) as T;
}

async function tables(runner: QueryRunner): Promise<string[]> {
  const rows = await select<{ name: string }[]>(
    runner,
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((row) => row.name).filter((name) => !NOT_BACKED_UP.has(name));
}

/** Insertable columns (generated columns excluded), in table order. */
async function columns(runner: QueryRunner, table: string): Promise<string[]> {
  const rows = await select<{ name: string }[]>(
    runner,
    `SELECT attname AS name FROM pg_attribute
     WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
     ORDER BY attnum`,
    [`public.${quoteIdentifier(table)}`],
  );
  return rows.map((row) => row.name);
}

/**
 * Writes every table as JSON lines (`row_to_json`, so each PostgreSQL type round-trips through
 * `json_populate_recordset`) into `dir`, inside one REPEATABLE READ read-only transaction: a consistent snapshot.
 * Returns the manifest (without app version fields, which the caller adds).
 */
export async function dumpDatabase(
  dataSource: DataSource,
  dir: string,
): Promise<Pick<BackupManifest, 'migrations' | 'tables'>> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migrations = (await select<{ name: string }[]>(runner, `SELECT name FROM migrations ORDER BY id`)).map(
      (row) => row.name,
    );
    const manifest: TableManifest[] = [];
    for (const table of await tables(runner)) {
      manifest.push(await dumpTable(runner, table, join(dir, `${table}.jsonl`)));
    }
    await runner.query('COMMIT');
    return { migrations, tables: manifest };
  } catch (error) {
    await runner.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}

async function dumpTable(runner: QueryRunner, table: string, file: string): Promise<TableManifest> {
  const out = createWriteStream(file, { mode: 0o600 });
  const hash = createHash('sha256');
  let rows = 0;
  await runner.query(
    `DECLARE quire_backup NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${quoteIdentifier(table)} t`,
  );
  for (;;) {
    const batch = await select<{ j: string }[]>(runner, `FETCH FORWARD ${FETCH_SIZE} FROM quire_backup`);
    if (batch.length === 0) break;
    const text = batch.map((row) => `${row.j}\n`).join('');
    hash.update(text);
    rows += batch.length;
    if (!out.write(text)) await once(out, 'drain');
  }
  await runner.query('CLOSE quire_backup');
  out.end();
  await once(out, 'close');
  return { name: table, columns: await columns(runner, table), rows, sha256: hash.digest('hex') };
}

/** Parent tables before the tables that reference them (cycles keep their alphabetical order). */
async function insertOrder(runner: QueryRunner, names: string[]): Promise<string[]> {
  const edges = await select<{ child: string; parent: string }[]>(
    runner,
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const wanted = new Set(names);
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const edge of edges) if (edge.child === name && wanted.has(edge.parent)) visit(edge.parent);
    visiting.delete(name);
    ordered.push(name);
  };
  for (const name of [...names].sort()) visit(name);
  return ordered;
}

/**
 * Replaces the content of every backed-up table with the archive's rows in ONE transaction: truncate,
 * re-insert (columns the archive lacks get their defaults, so older backups restore into a newer schema),
 * reset sequences. Any error rolls everything back. FK triggers are suspended when the role may do so
 * (superuser, as on PGlite); otherwise rows go in parent-first order.
 */
export async function restoreDatabase(
  dataSource: DataSource,
  manifest: BackupManifest,
  rowsOf: (table: string, chunkSize: number) => AsyncIterable<unknown[]>,
  afterRestore?: (runner: QueryRunner) => Promise<void>,
): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('BEGIN');
    await runner.query('SAVEPOINT replica_role');
    await runner.query(`SET LOCAL session_replication_role = replica`).then(
      () => runner.query('RELEASE SAVEPOINT replica_role'),
      () => runner.query('ROLLBACK TO SAVEPOINT replica_role'),
    );
    const current = await tables(runner);
    if (current.length)
      await runner.query(`TRUNCATE ${current.map(quoteIdentifier).join(', ')} RESTART IDENTITY CASCADE`);
    const inArchive = new Map(manifest.tables.map((table) => [table.name, table]));
    for (const table of await insertOrder(runner, current)) {
      const saved = inArchive.get(table);
      if (!saved || saved.rows === 0) continue;
      const available = new Set(await columns(runner, table));
      const list = saved.columns
        .filter((column) => available.has(column))
        .map(quoteIdentifier)
        .join(', ');
      for await (const chunk of rowsOf(table, INSERT_CHUNK)) {
        await runner.query(
          `INSERT INTO ${quoteIdentifier(table)} (${list}) OVERRIDING SYSTEM VALUE
           SELECT ${list} FROM json_populate_recordset(NULL::${quoteIdentifier(table)}, $1::json)`,
          [JSON.stringify(chunk)],
        );
      }
    }
    await recomputeDerivedCounters(runner);
    // With triggers suspended the restore left no change row: cached whole-library answers must go.
    await runner.query(`INSERT INTO library_change DEFAULT VALUES`);
    await resetSequences(runner);
    await afterRestore?.(runner);
    await runner.query('COMMIT');
  } catch (error) {
    await runner.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}

async function resetSequences(runner: QueryRunner): Promise<void> {
  const owned = await select<{ tbl: string; col: string; seq: string }[]>(
    runner,
    `SELECT c.relname AS tbl, a.attname AS col, pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) AS seq
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
       AND pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) IS NOT NULL`,
  );
  for (const { tbl, col, seq } of owned) {
    if (NOT_BACKED_UP.has(tbl)) continue;
    await runner.query(
      `SELECT setval($1, COALESCE((SELECT max(${quoteIdentifier(col)}) FROM ${quoteIdentifier(tbl)}), 0) + 1, false)`,
      [seq],
    );
  }
}
