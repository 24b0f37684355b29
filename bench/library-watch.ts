/**
 * `npm run bench:watch [-- --authors=1000 --booksPerAuthor=10 --filesPerBook=10 --idle=30]`
 *
 * What watching the library (`watchLibraryForChanges`) costs on a large library on disk: at the default size,
 * 100,000 book files in 10,000 book folders under 1,000 author folders. One Quire (dist/main.js, PostgreSQL) gets
 * the folder as its root folder with watching off first — the baseline — then on, in the same run. For each it
 * measures the inotify watches the process holds, idle CPU over `--idle` seconds and RSS; for watching, also the
 * time from saving the setting until every folder is watched, and from a new file to the end of the rescan it
 * causes. Prints a table and writes bench/results/<date>-library-watch.md.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { apiClient } from './lib/api';
import { benchArgs } from './lib/args';
import { processCpuMs } from './lib/cpu';
import { rssMb } from './lib/idle-rss';
import { inotifyWatches } from './lib/inotify';
import { startNode } from './lib/processes';

const args = benchArgs();
const AUTHORS = Number(args.authors ?? 1000);
const BOOKS_PER_AUTHOR = Number(args.booksPerAuthor ?? 10);
const FILES_PER_BOOK = Number(args.filesPerBook ?? 10);
const IDLE_SECONDS = Number(args.idle ?? 30);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const API_KEY = 'benchbenchbenchbenchbenchbench00';
const ROOT = join(__dirname, '..');
const MAIN = join(ROOT, 'dist', 'main.js');
const LOAD_START = loadavg();
const log = (message: string) => console.error(`[bench] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Measure {
  state: string;
  watches: number;
  startSeconds?: number;
  idleCpuMs: number;
  rssMb: number;
  note?: string;
}

function generate(root: string): { folders: number; files: number } {
  let files = 0;
  for (let a = 0; a < AUTHORS; a++)
    for (let b = 0; b < BOOKS_PER_AUTHOR; b++) {
      const folder = join(root, `Watch Author ${a}`, `Watch Book ${a}-${b}`);
      mkdirSync(folder, { recursive: true });
      for (let f = 0; f < FILES_PER_BOOK; f++, files++)
        writeFileSync(join(folder, `Watch Book ${a}-${b} part ${f}.${f % 3 === 0 ? 'pdf' : 'epub'}`), `file ${files}`);
    }
  return { folders: 1 + AUTHORS + AUTHORS * BOOKS_PER_AUTHOR, files };
}

async function idleCpu(pid: number | undefined): Promise<number> {
  const before = processCpuMs(pid);
  await sleep(IDLE_SECONDS * 1000);
  return processCpuMs(pid) - before;
}

async function main() {
  const name = `quire_bench_watch_${Date.now()}`;
  const admin = new Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-watch-data-'));
  const library = join(mkdtempSync(join(tmpdir(), 'quire-bench-watch-')), 'library');
  log(`generating ${AUTHORS * BOOKS_PER_AUTHOR * FILES_PER_BOOK} files`);
  const size = generate(library);
  const limit = Number(readFileSync('/proc/sys/fs/inotify/max_user_watches', 'utf8'));
  const quire = await startNode(
    MAIN,
    { API_KEY, LOG_LEVEL: 'warn', NODE_ENV: 'production', DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    { readyPath: '/ping' },
  );
  const pid = quire.child.pid;
  const api = apiClient(quire, API_KEY);
  const rows: Measure[] = [];
  try {
    await api('PUT', '/api/v1/config/mediamanagement', { watchLibraryForChanges: false });
    const [profile] = await api('GET', '/api/v1/qualityprofile');
    const [metadata] = await api('GET', '/api/v1/metadataprofile');
    await api('POST', '/api/v1/rootfolder', {
      name: 'Watch bench',
      path: library,
      defaultQualityProfileId: profile.id,
      defaultMetadataProfileId: metadata.id,
    });
    await sleep(5000);
    log(`baseline: watching off, idle ${IDLE_SECONDS} s`);
    rows.push({
      state: 'watching off (baseline)',
      watches: inotifyWatches(pid),
      idleCpuMs: await idleCpu(pid),
      rssMb: rssMb(pid),
    });

    log('watching on');
    const started = Date.now();
    await api('PUT', '/api/v1/config/mediamanagement', { watchLibraryForChanges: true });
    let watches = 0;
    for (let stable = 0; stable < 10;) {
      await sleep(100);
      const now = inotifyWatches(pid);
      stable = now === watches && now >= size.folders ? stable + 1 : 0;
      watches = now;
      if (Date.now() - started > 600_000)
        throw new Error(`only ${watches} of ${size.folders} folders watched after 10 min`);
    }
    const startSeconds = (Date.now() - started - 1000) / 1000;
    const rssAfterStart = rssMb(pid);
    log(`watching ${watches} folders after ${startSeconds.toFixed(1)} s; idle ${IDLE_SECONDS} s`);
    const idleCpuMs = await idleCpu(pid);
    const rss = rssMb(pid);

    const changed = Date.now();
    const author = join(library, 'Watch Author 7');
    writeFileSync(join(author, 'Watch Book 7-0', 'new.epub'), 'a new file');
    let rescanSeconds: number | undefined;
    while (Date.now() - changed < 120_000 && rescanSeconds === undefined) {
      await sleep(200);
      const commands = await api<{ name: string; status: string; body: { folders?: string[] } }[]>(
        'GET',
        '/api/v1/command',
      );
      if (
        commands.some((c) => c.name === 'RescanFolders' && c.status === 'completed' && c.body.folders?.[0] === author)
      )
        rescanSeconds = (Date.now() - changed) / 1000;
    }
    rows.push({
      state: 'watching on',
      watches,
      startSeconds,
      idleCpuMs,
      rssMb: rss,
      note:
        `RSS ${rssAfterStart} MB right after start; a new file → its author folder rescanned in ` +
        `${rescanSeconds?.toFixed(1) ?? '> 120'} s (5 s of it the quiet window)`,
    });
  } finally {
    await quire.stop();
    const cleanup = new Client({ connectionString: SERVER_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    rmSync(join(library, '..'), { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }

  const fmt = (n: number | undefined, digits = 0) => (n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits));
  const lines = [
    `# Quire benchmark: watching the library — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
    `Load average at the start: ${LOAD_START.map((n) => n.toFixed(2)).join(', ')}; at the end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}.`,
    `Library on disk: ${size.files} files in ${size.folders} folders (${AUTHORS} author folders × ${BOOKS_PER_AUTHOR} book folders × ${FILES_PER_BOOK} files), not scanned into the database. fs.inotify.max_user_watches: ${limit}.`,
    `One Quire on PostgreSQL; the baseline is the same process before the setting is turned on. Idle CPU over ${IDLE_SECONDS} s.`,
    '',
    '| state | inotify watches | time to watch everything s | idle CPU ms / 30 s | RSS MB | note |',
    '|---|---:|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.state} | ${row.watches} | ${fmt(row.startSeconds, 1)} | ${fmt((row.idleCpuMs * 30) / IDLE_SECONDS)} | ${row.rssMb} | ${row.note ?? ''} |`,
    ),
    '',
  ];
  const report = lines.join('\n');
  console.log(report);
  const file = join(ROOT, 'bench', 'results', `${args.out ?? new Date().toISOString().slice(0, 10)}-library-watch.md`);
  writeFileSync(file, report);
  log(`wrote ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
