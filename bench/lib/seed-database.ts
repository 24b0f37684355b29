import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { SeedSize, seedStatements } from './seed-sql';

export interface SeedOutcome {
  /** False when the database has no history table (a Quire from before the history feature) or is embedded. */
  history: boolean;
  seconds: number;
}

/** Seeds a migrated Quire database on PostgreSQL and brings it to rest (VACUUM ANALYZE). */
export async function seedPostgres(databaseUrl: string, size: SeedSize, rootFolder: string): Promise<SeedOutcome> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    const history = (await client.query(`SELECT to_regclass('public.history') IS NOT NULL AS ok`)).rows[0]
      .ok as boolean;
    for (const statement of seedStatements(size, rootFolder, history)) await client.query(statement);
    // A library at rest: autovacuum would have run (visibility map for index-only scans, fresh statistics).
    await client.query('VACUUM ANALYZE');
    return { history, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/**
 * Seeds a migrated embedded database (DATA_DIR/db) in a child process, while Quire is stopped (PGlite allows
 * one process at a time). History rows are left out: PostgreSQL alone carries the history benchmark.
 */
export function seedEmbedded(dataDir: string, size: SeedSize, rootFolder: string, workDir: string): SeedOutcome {
  const started = Date.now();
  runEmbedded(dataDir, [...seedStatements(size, rootFolder, false), 'VACUUM ANALYZE'], workDir);
  return { history: false, seconds: (Date.now() - started) / 1000 };
}

/** Authors and books in a stopped embedded database. */
export function embeddedCounts(dataDir: string, workDir: string): { authors: number; books: number } {
  return runEmbedded(dataDir, [], workDir);
}

function runEmbedded(dataDir: string, statements: string[], workDir: string): { authors: number; books: number } {
  const statementsFile = join(workDir, 'seed.json');
  writeFileSync(statementsFile, JSON.stringify(statements));
  const output = execFileSync(process.execPath, [join(__dirname, 'pglite-exec.js'), dataDir, statementsFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.toString()) as { authors: number; books: number };
}

export function describeSize(size: SeedSize, history: boolean): string {
  return `${size.authors} authors, ${size.books} books + editions, ${size.bookFiles} files, ${history ? size.history : 0} history rows, ${size.tags} tags`;
}
