/**
 * `npm run bench [-- --scale=1 --duration=5 --connections=8 --modes=postgres,embedded,rescan,ui]`
 *   `ui`: the web UI's pages in headless Chromium (/usr/bin/chromium): time to usable and bytes per page;
 *   `--only=<text>[,<text>…]`: only the endpoints whose name contains one of them (e.g. `--only=/book,notify`);
 *   `--nodeOptions=<flags>`: NODE_OPTIONS for Quire (e.g. `--max-old-space-size=160` for a heap cap);
 *   `--out=<name>`: write bench/results/<name>.md instead of <date>.md (for partial runs);
 *   `--uiRuns=<n>`: loads measured per UI page (default 5; the median is reported);
 *   `--cpuProf=<dir>`: Quire's measured runs write V8 CPU profiles (.cpuprofile) into <dir>.
 *
 * Seeds a large library, starts Quire (dist/main.js) on PostgreSQL and on the embedded database,
 * drives it from this separate process with autocannon at a fixed concurrency, and measures two
 * same-run baselines per endpoint: (a) a bare node:http server answering the same JSON body (the
 * transport limit) and (b) a bare server running the same rows as one raw `pg` query + JSON.stringify
 * (the database limit). Prints one table and writes bench/results/<date>.md.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { loadAfterWrites } from './lib/after-writes';
import { benchArgs } from './lib/args';
import { apiClient, runCommand } from './lib/api';
import { postgresCpuByPid, postgresCpuSince, processCpuMs } from './lib/cpu';
import { endpoints, NOTIFY_BODY } from './lib/endpoints';
import { LARGE_BODY_BYTES, load, LoadResult } from './lib/load';
import { RunningProcess, startNode } from './lib/processes';
import { idleRss } from './lib/idle-rss';
import { generateLibraryFiles, timeRescan } from './lib/rescan';
import { describeSize, seedEmbedded, seedPostgres } from './lib/seed-database';
import { DEFAULT_SIZE, scaledSize, SeedSize } from './lib/seed-sql';
import { benchUi } from './lib/ui-bench';

const args = benchArgs();
const SCALE = Number(args.scale ?? 1);
const DURATION = Number(args.duration ?? 5);
const CONNECTIONS = Number(args.connections ?? 8);
const MODES = (args.modes ?? 'postgres,embedded,rescan,ui').split(',');
const RESCAN_FILES = Number(args.rescanFiles ?? 20_000);
const ONLY: string | undefined = args.only;
const UI_RUNS = Number(args.uiRuns ?? 5);
const NODE_OPTIONS: string | undefined = args.nodeOptions;
const LOAD_START = loadavg();
// --cpu-prof is not allowed in NODE_OPTIONS, so it goes on Quire's command line.
const QUIRE_ARGV: string[] = args.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${args.cpuProf}`] : [];
const selected = (name: string) => !ONLY || ONLY.split(',').some((part) => name.includes(part));
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const API_KEY = 'benchbenchbenchbenchbenchbench00';
const ROOT = join(__dirname, '..');
const WORK = join(ROOT, 'bench', '.work');
const MAIN = join(ROOT, 'dist', 'main.js');

interface Row {
  mode: string;
  endpoint: string;
  quire?: LoadResult;
  transport?: LoadResult;
  database?: LoadResult;
  bodyKb?: number;
  peakRssMb: number;
  /** CPU per request during Quire's measurement: its own process, and PostgreSQL's server processes. */
  quireCpuMs?: number;
  postgresCpuMs?: number;
  note?: string;
}

const log = (message: string) => console.error(`[bench] ${message}`);
const fmt = (n: number | undefined, digits = 0) => (n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits));

async function main() {
  mkdirSync(WORK, { recursive: true });
  const size = SCALE === 1 ? DEFAULT_SIZE : scaledSize(SCALE);
  const rows: Row[] = [];
  const facts: string[] = [];
  let uiLines: string[] = [];
  const ntfy = await startNode(join(ROOT, 'bench', 'baselines', 'ntfy-fake.js'), {});
  const routesFile = join(WORK, 'routes.yaml');
  writeFileSync(routesFile, 'routes: {}\ndefault: [ntfy]\n');
  const quireEnv = {
    API_KEY,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    HUB_NTFY_URL: ntfy.url,
    HUB_ROUTES_FILE: routesFile,
    ...(NODE_OPTIONS ? { NODE_OPTIONS } : {}),
  };
  if (NODE_OPTIONS) facts.push(`Quire started with NODE_OPTIONS=${NODE_OPTIONS}`);
  try {
    // A mode that fails (say a start-up timeout on a busy machine) is reported; the other modes' rows are kept.
    const runMode = async (mode: string, run: () => Promise<Row[]>) => {
      try {
        rows.push(...(await run()));
      } catch (error) {
        facts.push(`${mode} mode stopped: ${String(error).split('\n')[0]}`);
        log(`${mode} failed: ${String(error)}`);
      }
    };
    if (MODES.includes('postgres')) await runMode('postgres', () => benchPostgres(size, quireEnv, ntfy, facts));
    if (MODES.includes('embedded')) await runMode('embedded', () => benchEmbedded(size, quireEnv, facts));
    if (MODES.includes('rescan')) facts.push(await benchRescan(quireEnv));
    if (MODES.includes('ui')) {
      const webRoot = join(ROOT, 'dist', 'web');
      uiLines = await benchUi({
        size,
        serverUrl: SERVER_URL,
        main: MAIN,
        webRoot,
        quireEnv,
        apiKey: API_KEY,
        facts,
        log,
        runs: UI_RUNS,
      });
    }
  } finally {
    await ntfy.stop();
  }
  const report = renderReport(rows, size, facts) + (uiLines.length ? `\n${uiLines.join('\n')}\n` : '');
  console.log(report);
  const file = join(ROOT, 'bench', 'results', `${args.out ?? new Date().toISOString().slice(0, 10)}.md`);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(file, report);
  log(`wrote ${file}`);
}

async function benchPostgres(size: SeedSize, quireEnv: Record<string, string>, ntfy: RunningProcess, facts: string[]) {
  const name = `quire_bench_${Date.now()}`;
  const admin = new Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-pg-'));
  const env = { ...quireEnv, DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
  try {
    const rows: Row[] = await idleStarts('postgres', env);
    const seeded = await seedPostgres(databaseUrl, size, join(dataDir, 'library'));
    const hasHistory = seeded.history;
    facts.push(`PostgreSQL seed (${describeSize(size, hasHistory)}): ${seeded.seconds.toFixed(1)} s`);
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    const authorId = (
      await client.query('SELECT id FROM author ORDER BY id LIMIT 1 OFFSET $1', [Math.floor(size.authors / 2)])
    ).rows[0].id as number;
    await client.end();

    const quire = await startNode(MAIN, env, { readyPath: '/ping', execArgv: QUIRE_ARGV });
    facts.push(`PostgreSQL: start-up on the seeded database ${quire.startupMs} ms (spawn → /ping answers)`);
    rows.push(await idleRow('postgres', 'start on the seeded library', quire));
    await runHousekeeping(quire);
    try {
      const queries: Record<string, string> = {};
      const list = endpoints({ authorId, ...monthWindow() });
      for (const endpoint of list) if (endpoint.sql) queries[endpoint.path.split('?')[0]] = endpoint.sql;
      for (const endpoint of list.filter((candidate) => selected(candidate.name))) {
        if (endpoint.needsTable && !hasHistory) {
          rows.push({
            mode: 'postgres',
            endpoint: endpoint.name,
            peakRssMb: quire.peakRssMb(),
            note: `no ${endpoint.needsTable} table yet`,
          });
          continue;
        }
        rows.push(await measureEndpoint('postgres', quire, endpoint, databaseUrl));
        if (endpoint.singleClient) {
          rows.push(await measureEndpoint('postgres', quire, endpoint, databaseUrl, 1));
          rows.push(await measureAfterWrites('postgres', quire, endpoint, authorId));
        }
      }
      if (selected('POST /notify')) {
        rows.push(await measureNotify(quire, ntfy, databaseUrl));
        // Unloaded, the difference to the direct post is the hub's own latency (at c=8 it is mostly queueing).
        rows.push(await measureNotify(quire, ntfy, databaseUrl, 1));
      }
    } finally {
      await quire.stop();
    }
    return rows;
  } finally {
    const cleanup = new Client({ connectionString: SERVER_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

async function measureEndpoint(
  mode: string,
  quire: RunningProcess,
  endpoint: ReturnType<typeof endpoints>[number],
  databaseUrl?: string,
  connections = CONNECTIONS,
): Promise<Row> {
  const name = connections === CONNECTIONS ? endpoint.name : `${endpoint.name} — ${connections} client`;
  const headers = { 'X-Api-Key': API_KEY };
  const first = await fetch(quire.url + endpoint.path, { headers });
  const body = Buffer.from(await first.arrayBuffer());
  if (!first.ok) return { mode, endpoint: name, peakRssMb: quire.peakRssMb(), note: `answers ${first.status}` };
  log(`${mode}: ${name} (${(body.length / 1024).toFixed(0)} KB)`);
  // Quire and both baselines with the same load generator (lib/load.ts says why large bodies differ).
  const largeBody = body.length >= LARGE_BODY_BYTES;
  const measured = await withCpu(quire, mode === 'postgres', () =>
    load({
      url: quire.url + endpoint.path,
      headers,
      connections,
      durationSeconds: endpoint.durationSeconds ?? DURATION,
      largeBody,
    }),
  );
  const quireResult = measured.result;
  const peak = quire.peakRssMb();
  const cpu = { quireCpuMs: measured.quireCpuMs, postgresCpuMs: measured.postgresCpuMs };
  if (!databaseUrl)
    return { mode, endpoint: name, quire: quireResult, bodyKb: body.length / 1024, peakRssMb: peak, ...cpu };

  const bodyFile = join(WORK, 'body.json');
  writeFileSync(bodyFile, body);
  const transportServer = await startNode(
    join(ROOT, 'bench', 'baselines', 'static-server.js'),
    {},
    { args: [bodyFile] },
  );
  const transport = await load({
    url: transportServer.url + endpoint.path,
    connections,
    durationSeconds: endpoint.durationSeconds ?? DURATION,
    largeBody,
  });
  await transportServer.stop();

  let database: LoadResult | undefined;
  if (endpoint.sql) {
    const queriesFile = join(WORK, 'queries.json');
    writeFileSync(queriesFile, JSON.stringify({ [endpoint.path.split('?')[0]]: endpoint.sql }));
    const pgServer = await startNode(
      join(ROOT, 'bench', 'baselines', 'pg-server.js'),
      { DATABASE_URL: databaseUrl },
      { args: [queriesFile], readyPath: '/__ready' },
    );
    database = await load({
      url: pgServer.url + endpoint.path,
      connections,
      durationSeconds: endpoint.durationSeconds ?? DURATION,
      largeBody,
    });
    await pgServer.stop();
  }
  return {
    mode,
    endpoint: name,
    quire: quireResult,
    transport,
    database,
    bodyKb: body.length / 1024,
    peakRssMb: peak,
    ...cpu,
  };
}

/**
 * A whole-library list with one client, each request after a library write (an idempotent PUT
 * /book/monitor), asked gzip-compressed as clients ask: GET /author is built anew, GET /book patched.
 */
async function measureAfterWrites(
  mode: string,
  quire: RunningProcess,
  endpoint: ReturnType<typeof endpoints>[number],
  authorId: number,
): Promise<Row> {
  const name = `${endpoint.name} — 1 client, each right after a library write`;
  const api = apiClient(quire, API_KEY);
  const [book] = await api<{ id: number; monitored: boolean }[]>('GET', `/api/v1/book?authorId=${authorId}`);
  const write = async () => {
    await api('PUT', '/api/v1/book/monitor', { bookIds: [book.id], monitored: book.monitored });
  };
  log(`${mode}: ${name}`);
  const measured = await withCpu(quire, mode === 'postgres', () =>
    loadAfterWrites({
      url: quire.url + endpoint.path,
      // As browsers and Readarr's clients ask: the answer comes gzip-compressed.
      headers: { 'X-Api-Key': API_KEY, 'Accept-Encoding': 'gzip' },
      write,
      requests: 10,
    }),
  );
  return {
    mode,
    endpoint: name,
    quire: measured.result,
    peakRssMb: quire.peakRssMb(),
    quireCpuMs: measured.quireCpuMs,
    postgresCpuMs: measured.postgresCpuMs,
    note: 'gzip; CPU includes the write',
  };
}

/** Runs one load and reports the CPU it cost per request (Quire's process; PostgreSQL's when external). */
async function withCpu(quire: RunningProcess, external: boolean, run: () => Promise<LoadResult>) {
  const quireBefore = processCpuMs(quire.child.pid);
  const postgresBefore = external ? postgresCpuByPid() : undefined;
  const result = await run();
  const requests = Math.max(result.requests, 1);
  return {
    result,
    quireCpuMs: (processCpuMs(quire.child.pid) - quireBefore) / requests,
    postgresCpuMs: postgresBefore ? postgresCpuSince(postgresBefore) / requests : undefined,
  };
}

/** Transactions committed in the database so far (PostgreSQL's statistics, flushed about once a second). */
async function committedTransactions(databaseUrl: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT xact_commit::float8 AS commits FROM pg_stat_database WHERE datname = current_database()',
    );
    return rows[0].commits as number;
  } finally {
    await client.end();
  }
}

async function measureNotify(
  quire: RunningProcess,
  ntfy: RunningProcess,
  databaseUrl: string,
  connections = CONNECTIONS,
): Promise<Row> {
  const headers = { 'Content-Type': 'application/json' };
  const probe = await fetch(`${quire.url}/notify`, { method: 'POST', headers, body: NOTIFY_BODY });
  const answer = (await probe.json()) as { status?: string };
  log(`postgres: POST /notify (probe status ${answer.status})`);
  const commitsBefore = await committedTransactions(databaseUrl);
  const measured = await withCpu(quire, true, () =>
    load({
      url: `${quire.url}/notify`,
      method: 'POST',
      headers,
      body: NOTIFY_BODY,
      connections,
      durationSeconds: DURATION,
    }),
  );
  const quireResult = measured.result;
  // Commits per notification: a figure the machine's load does not change (the log sink's batches included).
  const commits = ((await committedTransactions(databaseUrl)) - commitsBefore) / Math.max(quireResult.requests, 1);
  const direct = await load({
    url: `${ntfy.url}/quire`,
    method: 'POST',
    headers: { Title: 'Benchmark notification', Priority: 'default', Markdown: 'yes' },
    body: 'A **short** message from the benchmark.',
    connections,
    durationSeconds: DURATION,
  });
  return {
    mode: 'postgres',
    endpoint: `POST /notify (ntfy on loopback)${connections === CONNECTIONS ? '' : ` — ${connections} client`}`,
    quire: quireResult,
    transport: direct,
    peakRssMb: quire.peakRssMb(),
    quireCpuMs: measured.quireCpuMs,
    postgresCpuMs: measured.postgresCpuMs,
    note: `hub adds ${(quireResult.p50 - direct.p50).toFixed(1)} ms p50 over the direct post; ${commits.toFixed(2)} commits per notification; baseline = direct post to ntfy`,
  };
}

async function benchEmbedded(size: SeedSize, quireEnv: Record<string, string>, facts: string[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-embedded-'));
  const env = { ...quireEnv, DATA_DIR: dataDir };
  const rows: Row[] = await idleStarts('embedded', env, 600_000);
  const seeded = seedEmbedded(dataDir, size, join(dataDir, 'library'), WORK);
  facts.push(
    `embedded seed (${describeSize(size, false)}; history rows are seeded on PostgreSQL only): ${seeded.seconds.toFixed(1)} s`,
  );
  const quire = await startNode(MAIN, env, { readyPath: '/ping', timeoutMs: 600_000, execArgv: QUIRE_ARGV });
  facts.push(`embedded: start-up on the seeded database ${quire.startupMs} ms (spawn → /ping answers)`);
  rows.push(await idleRow('embedded', 'start on the seeded library', quire));
  await runHousekeeping(quire);
  try {
    const authors = (await (
      await fetch(`${quire.url}/api/v1/author`, { headers: { 'X-Api-Key': API_KEY } })
    ).json()) as { id: number }[];
    const authorId = authors[Math.floor(authors.length / 2)]?.id ?? 1;
    for (const endpoint of endpoints({ authorId, ...monthWindow() })) {
      if (endpoint.needsTable || !selected(endpoint.name)) continue;
      rows.push(await measureEndpoint('embedded', quire, endpoint));
      if (endpoint.singleClient) {
        rows.push(await measureEndpoint('embedded', quire, endpoint, undefined, 1));
        rows.push(await measureAfterWrites('embedded', quire, endpoint, authorId));
      }
    }
  } finally {
    await quire.stop();
  }
  return rows;
}

/**
 * Idle RSS of the first start on a new data directory (initdb on the embedded database, migrations, default
 * profiles) and of a later start on the same, still empty, database: each stopped once measured.
 */
async function idleStarts(mode: string, env: Record<string, string>, timeoutMs?: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const start of ['first start on a new data directory', 'later start']) {
    log(`${mode}: ${start}`);
    const quire = await startNode(MAIN, env, { readyPath: '/ping', timeoutMs });
    try {
      rows.push(await idleRow(mode, start, quire));
    } finally {
      await quire.stop();
    }
  }
  return rows;
}

async function idleRow(mode: string, start: string, quire: RunningProcess): Promise<Row> {
  const idle = await idleRss(quire);
  return {
    mode,
    endpoint: `idle RSS, ${start}`,
    peakRssMb: idle.peakMb,
    note: `**${idle.rssMb} MB** idle, 5 s after /ping answered (start-up ${quire.startupMs} ms)`,
  };
}

/** RescanFolders over a generated folder of files, on a fresh PostgreSQL database. */
async function benchRescan(quireEnv: Record<string, string>): Promise<string> {
  const name = `quire_bench_rescan_${Date.now()}`;
  const admin = new Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-rescan-'));
  const root = join(mkdtempSync(join(tmpdir(), 'quire-bench-library-')), 'library');
  log(`rescan: generating ${RESCAN_FILES} files`);
  generateLibraryFiles(root, RESCAN_FILES);
  const quire = await startNode(
    MAIN,
    { ...quireEnv, DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    { readyPath: '/ping' },
  );
  try {
    const result = await timeRescan(quire, API_KEY, root, RESCAN_FILES);
    return `RescanFolders over ${result.files} generated files (PostgreSQL): ${result.seconds.toFixed(1)} s, ${result.filesPerSecond.toFixed(0)} files/s, server peak RSS ${result.peakRssMb} MB ("${result.message}")`;
  } finally {
    await quire.stop();
    const cleanup = new Client({ connectionString: SERVER_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

/** The daily Housekeeping a library at rest has had: folds the per-author count deltas the bulk seed left. */
async function runHousekeeping(quire: RunningProcess): Promise<void> {
  await runCommand(quire, API_KEY, { name: 'Housekeeping' }, 60_000);
}

function monthWindow() {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0, 23, 59, 59));
  return { monthStart: start.toISOString(), monthEnd: end.toISOString() };
}

/** The row's note, and what its errors were when it had any. */
function noteOf(row: Row): string {
  const errors = row.quire?.errorKinds ? `errors: ${row.quire.errorKinds}` : undefined;
  return [row.note, errors].filter(Boolean).join('; ');
}

const formatLoad = (load: number[]) => load.map((n) => n.toFixed(2)).join(', ');

function renderReport(rows: Row[], size: SeedSize, facts: string[]): string {
  const lines = [
    `# Quire benchmark — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
    `Load average at the start: ${formatLoad(LOAD_START)} (1, 5, 15 min); at the end: ${formatLoad(loadavg())}.`,
    `Load: autocannon from a separate process, ${CONNECTIONS} connections, ${DURATION} s per measurement. Library: ${describeSize(size, true)}.`,
    '',
    ...facts.map((fact) => `- ${fact}`),
    '',
    '| mode | endpoint | body KB | Quire req/s | p50 ms | p99 ms | errors | bare http req/s (a) | raw pg req/s (b) | Quire ÷ slower baseline | Quire CPU ms/req | PostgreSQL CPU ms/req | server peak RSS MB | note |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const baselines = [row.transport?.requestsPerSecond, row.database?.requestsPerSecond].filter(
      (n): n is number => n !== undefined,
    );
    const slower = baselines.length ? Math.min(...baselines) : undefined;
    const ratio = row.quire && slower ? `${((row.quire.requestsPerSecond / slower) * 100).toFixed(0)} %` : '—';
    lines.push(
      `| ${row.mode} | ${row.endpoint} | ${fmt(row.bodyKb)} | ${fmt(row.quire?.requestsPerSecond, 1)} | ${fmt(row.quire?.p50, 1)} | ${fmt(row.quire?.p99, 1)} | ${fmt(row.quire?.errors)} | ${fmt(row.transport?.requestsPerSecond, 1)} | ${fmt(row.database?.requestsPerSecond, 1)} | ${ratio} | ${fmt(row.quireCpuMs, 2)} | ${fmt(row.postgresCpuMs, 2)} | ${fmt(row.peakRssMb)} | ${noteOf(row)} |`,
    );
  }
  return lines.join('\n') + '\n';
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
