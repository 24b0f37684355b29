/**
 * `npm run bench:migration [-- --scale=1]`: migrating a generated Readarr library (at scale 1: 2,000 authors,
 * 100,000 books, 50,000 files on disk) into an empty Quire on PostgreSQL with `npm run migrate -- --apply`,
 * identities resolved by a local server speaking Open Library's search protocol. Measures wall time and the
 * migrating process's peak RSS (VmHWM), then runs the same migration again (idempotent: nothing imported).
 * Writes bench/results/<date>-migration.md.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { benchArgs } from './lib/args';
import { startBenchOpenLibrary } from './lib/bench-open-library';
import { peakRssMb } from './lib/processes';
import { generateReadarrLibrary } from './lib/readarr-library';

const args = benchArgs();
const SCALE = Number(args.scale ?? 1);
const SIZE = {
  authors: Math.round(2000 * SCALE),
  books: Math.round(100_000 * SCALE),
  files: Math.round(50_000 * SCALE),
};
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const ROOT = join(__dirname, '..');
const WORK = join(ROOT, 'bench', '.work', 'migration');
const CLI = join(ROOT, 'dist', 'migrate-cli.js');
/** The node flags `npm run migrate` runs the CLI with (its heap cap), so the bench measures the same process. */
const NODE_FLAGS =
  /node((?:\s+--[\w-]+(?:=\S+)?)*)\s+dist\/migrate-cli/
    .exec(
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
        .migrate,
    )?.[1]
    .trim()
    .split(/\s+/)
    .filter(Boolean) ?? [];
const log = (message: string) => console.error(`[bench] ${message}`);

interface Run {
  seconds: number;
  peakRssMb: number;
  report: {
    counts: Record<string, { found: number; imported: number; merged: number; skipped: number; unmatched: number }>;
    lookups: { requests: number };
  };
}

function migrate(dbPath: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const output = `${dbPath}.report.json`;
    const child = spawn(process.execPath, [...NODE_FLAGS, CLI, '--readarr-db', dbPath, '--apply', '--output', output], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, peakRssMb(child.pid) || 0)), 100);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`migrate exited with ${code}`));
      resolve({
        seconds: (Date.now() - started) / 1000,
        peakRssMb: peak,
        report: JSON.parse(readFileSync(output, 'utf8')) as Run['report'],
      });
    });
  });
}

async function main(): Promise<void> {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  let started = Date.now();
  const library = await generateReadarrLibrary(WORK, SIZE);
  log(
    `generated ${library.authors} authors, ${library.books} books, ${library.files} files (${Math.round(library.bytes / 1024 ** 2)} MB readarr.db) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const database = `quire_bench_migration_${Date.now()}`;
  const admin = new Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  const openLibrary = await startBenchOpenLibrary(Math.ceil(SIZE.books / SIZE.authors));
  try {
    // Schema first (a dry run of an empty library boots Quire and runs its migrations), then the politeness
    // limit at its maximum (600 requests a minute), as a user migrating a large library would set it.
    const env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: join(WORK, 'data'),
      METADATA_SOURCE_URL: openLibrary.url,
      LOG_LEVEL: 'error',
    };
    const db = new Client({ connectionString: url.toString() });
    await db.connect();
    const empty = await generateReadarrLibrary(join(WORK, 'empty'), { authors: 0, books: 0, files: 0 });
    await migrate(empty.dbPath, env);
    await db.query(
      `INSERT INTO config (key, value) VALUES ('metadataProvider', '{"requestsPerMinute": 600}') ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );

    const loadBefore = loadavg()[0];
    const first = await migrate(library.dbPath, env);
    log(
      `first run: ${first.seconds.toFixed(1)} s, peak RSS ${first.peakRssMb} MB, ${first.report.lookups.requests} metadata requests`,
    );
    const second = await migrate(library.dbPath, env);
    const loadAfter = loadavg()[0];
    log(`second run: ${second.seconds.toFixed(1)} s, peak RSS ${second.peakRssMb} MB`);
    const rows = await db.query<{ authors: string; books: string; files: string }>(
      'SELECT (SELECT count(*) FROM author) AS authors, (SELECT count(*) FROM book) AS books, (SELECT count(*) FROM book_file) AS files',
    );
    await db.end();
    started = Date.now();
    const c = first.report.counts;
    const again = Object.values(second.report.counts).reduce((sum, counts) => sum + counts.imported, 0);
    const table = [
      '| run | authors | books | files | time | peak RSS | metadata requests | target |',
      '|---|---|---|---|---|---|---|---|',
      `| first (apply) | ${c.authors.imported} | ${c.books.imported} (${c.books.unmatched} unmatched) | ${c.bookFiles.imported} | ${first.seconds.toFixed(1)} s | ${first.peakRssMb} MB | ${first.report.lookups.requests} | < 120 s, < 300 MB |`,
      `| second (idempotent: ${again} imported) | ${c.authors.found} merged | ${second.report.counts.books.merged} merged | ${second.report.counts.bookFiles.merged} merged | ${second.seconds.toFixed(1)} s | ${second.peakRssMb} MB | ${second.report.lookups.requests} | — |`,
    ];
    const text = [
      `# Readarr migration bench (${new Date().toISOString().slice(0, 10)}, scale ${SCALE})`,
      '',
      `Generated readarr.db: ${library.authors} authors, ${library.books} books (one edition each), ${library.files} files on disk, ${Math.round(library.bytes / 1024 ** 2)} MB. Quire on PostgreSQL; the migration runs as \`npm run migrate -- --apply\` (its own process, measured, with the script's node flags \`${NODE_FLAGS.join(' ') || 'none'}\`); identities resolved by a local server speaking Open Library's search protocol at Quire's maximum politeness rate (600 requests/min). Rows afterwards: ${rows.rows[0].authors} authors, ${rows.rows[0].books} books, ${rows.rows[0].files} files.`,
      '',
      ...table,
      '',
      `Load average (1 min) of the ${cpus().length}-core machine: ${loadBefore.toFixed(1)} before the first run, ${loadAfter.toFixed(1)} after the second.`,
      '',
    ].join('\n');
    console.log(text);
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(
        ROOT,
        'bench',
        'results',
        `${new Date().toISOString().slice(0, 10)}-migration${SCALE === 1 ? '' : `-scale-${SCALE}`}.md`,
      ),
      text,
    );
  } finally {
    await openLibrary.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    rmSync(WORK, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
