/**
 * `npm run bench [-- --scale=1 --duration=5 --connections=8 --modes=postgres,embedded]`
 *
 * Seeds a large library, starts Quire (dist/main.js) on PostgreSQL and on the embedded database,
 * drives it from this separate process with autocannon at a fixed concurrency, and measures two
 * same-run baselines per endpoint: (a) a bare node:http server answering the same JSON body (the
 * transport limit) and (b) a bare server running the same rows as one raw `pg` query + JSON.stringify
 * (the database limit). Prints one table and writes bench/results/<date>.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { endpoints, NOTIFY_BODY } from './lib/endpoints';
import { load, LoadResult } from './lib/load';
import { RunningProcess, startNode } from './lib/processes';
import { generateLibraryFiles, timeRescan } from './lib/rescan';
import { DEFAULT_SIZE, scaledSize, SeedSize, seedStatements } from './lib/seed-sql';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const SCALE = Number(args.scale ?? 1);
const DURATION = Number(args.duration ?? 5);
const CONNECTIONS = Number(args.connections ?? 8);
const MODES = (args.modes ?? 'postgres,embedded,rescan').split(',');
const RESCAN_FILES = Number(args.rescanFiles ?? 20_000);
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
  note?: string;
}

const log = (message: string) => console.error(`[bench] ${message}`);
const fmt = (n: number | undefined, digits = 0) => (n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits));

async function main() {
  mkdirSync(WORK, { recursive: true });
  const size = SCALE === 1 ? DEFAULT_SIZE : scaledSize(SCALE);
  const rows: Row[] = [];
  const facts: string[] = [];
  const ntfy = await startNode(join(ROOT, 'bench', 'baselines', 'ntfy-fake.js'), {});
  const routesFile = join(WORK, 'routes.yaml');
  writeFileSync(routesFile, 'routes: {}\ndefault: [ntfy]\n');
  const quireEnv = {
    API_KEY,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    HUB_NTFY_URL: ntfy.url,
    HUB_ROUTES_FILE: routesFile,
  };
  try {
    if (MODES.includes('postgres')) rows.push(...(await benchPostgres(size, quireEnv, ntfy, facts)));
    if (MODES.includes('embedded')) rows.push(...(await benchEmbedded(size, quireEnv, facts)));
    if (MODES.includes('rescan')) facts.push(await benchRescan(quireEnv));
  } finally {
    await ntfy.stop();
  }
  const report = renderReport(rows, size, facts);
  console.log(report);
  const file = join(ROOT, 'bench', 'results', `${new Date().toISOString().slice(0, 10)}.md`);
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
    log('PostgreSQL: first start (migrations, default profiles)');
    await (await startNode(MAIN, env, { readyPath: '/ping' })).stop();
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    const hasHistory = (await client.query(`SELECT to_regclass('public.history') IS NOT NULL AS ok`)).rows[0]
      .ok as boolean;
    const seedStarted = Date.now();
    for (const statement of seedStatements(size, join(dataDir, 'library'), hasHistory)) await client.query(statement);
    facts.push(`PostgreSQL seed (${describe(size, hasHistory)}): ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
    const authorId = (
      await client.query('SELECT id FROM author ORDER BY id LIMIT 1 OFFSET $1', [Math.floor(size.authors / 2)])
    ).rows[0].id as number;
    await client.end();

    const quire = await startNode(MAIN, env, { readyPath: '/ping' });
    facts.push(`PostgreSQL: start-up on the seeded database ${quire.startupMs} ms (spawn → /ping answers)`);
    const rows: Row[] = [];
    try {
      const queries: Record<string, string> = {};
      const list = endpoints({ authorId, ...monthWindow() });
      for (const endpoint of list) if (endpoint.sql) queries[endpoint.path.split('?')[0]] = endpoint.sql;
      for (const endpoint of list) {
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
      }
      rows.push(await measureNotify(quire, ntfy));
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
): Promise<Row> {
  const headers = { 'X-Api-Key': API_KEY };
  const first = await fetch(quire.url + endpoint.path, { headers });
  const body = Buffer.from(await first.arrayBuffer());
  if (!first.ok)
    return { mode, endpoint: endpoint.name, peakRssMb: quire.peakRssMb(), note: `answers ${first.status}` };
  log(`${mode}: ${endpoint.name} (${(body.length / 1024).toFixed(0)} KB)`);
  const quireResult = await load({
    url: quire.url + endpoint.path,
    headers,
    connections: CONNECTIONS,
    durationSeconds: endpoint.durationSeconds ?? DURATION,
  });
  const peak = quire.peakRssMb();
  if (!databaseUrl)
    return { mode, endpoint: endpoint.name, quire: quireResult, bodyKb: body.length / 1024, peakRssMb: peak };

  const bodyFile = join(WORK, 'body.json');
  writeFileSync(bodyFile, body);
  const transportServer = await startNode(
    join(ROOT, 'bench', 'baselines', 'static-server.js'),
    {},
    { args: [bodyFile] },
  );
  const transport = await load({
    url: transportServer.url + endpoint.path,
    connections: CONNECTIONS,
    durationSeconds: endpoint.durationSeconds ?? DURATION,
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
      connections: CONNECTIONS,
      durationSeconds: endpoint.durationSeconds ?? DURATION,
    });
    await pgServer.stop();
  }
  return {
    mode,
    endpoint: endpoint.name,
    quire: quireResult,
    transport,
    database,
    bodyKb: body.length / 1024,
    peakRssMb: peak,
  };
}

async function measureNotify(quire: RunningProcess, ntfy: RunningProcess): Promise<Row> {
  const headers = { 'Content-Type': 'application/json' };
  const probe = await fetch(`${quire.url}/notify`, { method: 'POST', headers, body: NOTIFY_BODY });
  const answer = (await probe.json()) as { status?: string };
  log(`postgres: POST /notify (probe status ${answer.status})`);
  const quireResult = await load({
    url: `${quire.url}/notify`,
    method: 'POST',
    headers,
    body: NOTIFY_BODY,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
  });
  const direct = await load({
    url: `${ntfy.url}/quire`,
    method: 'POST',
    headers: { Title: 'Benchmark notification', Priority: 'default', Markdown: 'yes' },
    body: 'A **short** message from the benchmark.',
    connections: CONNECTIONS,
    durationSeconds: DURATION,
  });
  return {
    mode: 'postgres',
    endpoint: 'POST /notify (ntfy on loopback)',
    quire: quireResult,
    transport: direct,
    peakRssMb: quire.peakRssMb(),
    note: `hub adds ${(quireResult.p50 - direct.p50).toFixed(1)} ms p50 over the direct post; baseline = direct post to ntfy`,
  };
}

async function benchEmbedded(size: SeedSize, quireEnv: Record<string, string>, facts: string[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-embedded-'));
  const env = { ...quireEnv, DATA_DIR: dataDir };
  log('embedded: first start (initdb, migrations, default profiles)');
  await (await startNode(MAIN, env, { readyPath: '/ping', timeoutMs: 180_000 })).stop();
  const statementsFile = join(WORK, 'seed.json');
  writeFileSync(statementsFile, JSON.stringify(seedStatements(size, join(dataDir, 'library'), false)));
  const seedStarted = Date.now();
  execFileSync(process.execPath, [join(ROOT, 'bench', 'lib', 'pglite-exec.js'), dataDir, statementsFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  facts.push(
    `embedded seed (${describe(size, false)}; history rows are seeded on PostgreSQL only): ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  const quire = await startNode(MAIN, env, { readyPath: '/ping', timeoutMs: 180_000 });
  facts.push(`embedded: start-up on the seeded database ${quire.startupMs} ms (spawn → /ping answers)`);
  const rows: Row[] = [];
  try {
    const authors = (await (
      await fetch(`${quire.url}/api/v1/author`, { headers: { 'X-Api-Key': API_KEY } })
    ).json()) as { id: number }[];
    const authorId = authors[Math.floor(authors.length / 2)]?.id ?? 1;
    for (const endpoint of endpoints({ authorId, ...monthWindow() })) {
      if (endpoint.needsTable) continue;
      rows.push(await measureEndpoint('embedded', quire, endpoint));
    }
  } finally {
    await quire.stop();
  }
  return rows;
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

function monthWindow() {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0, 23, 59, 59));
  return { monthStart: start.toISOString(), monthEnd: end.toISOString() };
}

function describe(size: SeedSize, history: boolean) {
  return `${size.authors} authors, ${size.books} books + editions, ${size.bookFiles} files, ${history ? size.history : 0} history rows, ${size.tags} tags`;
}

function renderReport(rows: Row[], size: SeedSize, facts: string[]): string {
  const lines = [
    `# Quire benchmark — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
    `Load: autocannon from a separate process, ${CONNECTIONS} connections, ${DURATION} s per measurement. Library: ${describe(size, true)}.`,
    '',
    ...facts.map((fact) => `- ${fact}`),
    '',
    '| mode | endpoint | body KB | Quire req/s | p50 ms | p99 ms | errors | bare http req/s (a) | raw pg req/s (b) | Quire ÷ slower baseline | server peak RSS MB | note |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const baselines = [row.transport?.requestsPerSecond, row.database?.requestsPerSecond].filter(
      (n): n is number => n !== undefined,
    );
    const slower = baselines.length ? Math.min(...baselines) : undefined;
    const ratio = row.quire && slower ? `${((row.quire.requestsPerSecond / slower) * 100).toFixed(0)} %` : '—';
    lines.push(
      `| ${row.mode} | ${row.endpoint} | ${fmt(row.bodyKb)} | ${fmt(row.quire?.requestsPerSecond, 1)} | ${fmt(row.quire?.p50, 1)} | ${fmt(row.quire?.p99, 1)} | ${fmt(row.quire?.errors)} | ${fmt(row.transport?.requestsPerSecond, 1)} | ${fmt(row.database?.requestsPerSecond, 1)} | ${ratio} | ${fmt(row.peakRssMb)} | ${row.note ?? ''} |`,
    );
  }
  return lines.join('\n') + '\n';
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
