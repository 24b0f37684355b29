/**
 * `npm run bench:seed [-- --scale=1 --rootFolder=<path>]`
 *
 * Fills the database Quire is configured for — `DATABASE_URL`, or the embedded one under `DATA_DIR` — with the
 * benchmark's generated library (bulk inserts, no network): 2,000 authors, 100,000 books with editions, 50,000
 * book files, 500,000 history rows (PostgreSQL only) and 50 tags at scale 1. The database is migrated first
 * (Quire is started once); a database that already holds authors is left alone. Stop Quire before seeding
 * the embedded database: PGlite allows one process at a time.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { benchArgs } from './lib/args';
import { startNode } from './lib/processes';
import { describeSize, embeddedCounts, seedEmbedded, SeedOutcome, seedPostgres } from './lib/seed-database';
import { DEFAULT_SIZE, scaledSize } from './lib/seed-sql';

const args = benchArgs();
const SCALE = Number(args.scale ?? 1);
const ROOT = join(__dirname, '..');
const log = (message: string) => console.error(`[seed] ${message}`);

async function main() {
  if (!(SCALE > 0)) throw new Error(`--scale must be a positive number, not ${args.scale}`);
  const size = SCALE === 1 ? DEFAULT_SIZE : scaledSize(SCALE);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const rootFolder = resolve(args.rootFolder ?? join(dataDir, 'library'));
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

  log(`migrating ${databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${dataDir}`}`);
  await (await startNode(join(ROOT, 'dist', 'main.js'), env, { readyPath: '/ping', timeoutMs: 180_000 })).stop();

  const work = join(ROOT, 'bench', '.work');
  mkdirSync(work, { recursive: true });
  const authors = databaseUrl ? await postgresAuthorCount(databaseUrl) : embeddedCounts(dataDir, work).authors;
  if (authors > 0) throw new Error(`the database already holds ${authors} authors; seed an empty one`);

  log(`seeding ${describeSize(size, !!databaseUrl)} under root folder ${rootFolder}`);
  const outcome: SeedOutcome = databaseUrl
    ? await seedPostgres(databaseUrl, size, rootFolder)
    : seedEmbedded(dataDir, size, rootFolder, work);
  log(`seeded ${describeSize(size, outcome.history)} in ${outcome.seconds.toFixed(1)} s`);
}

async function postgresAuthorCount(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('SELECT count(*)::int AS n FROM author')).rows[0].n as number;
  } finally {
    await client.end();
  }
}

main().catch((error: Error) => {
  log(error.message);
  process.exit(1);
});
