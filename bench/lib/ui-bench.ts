import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startNode } from './processes';
import { describeSize, seedPostgres } from './seed-database';
import type { SeedSize } from './seed-sql';
import { measureUiPages, renderUiRows } from './ui-pages';

const USER = { username: 'bench', password: 'bench-password-1' };

/**
 * `--modes=ui`: the web UI's budgets on a seeded PostgreSQL library. Quire gets a forms login (the UI's pages need
 * a session), then each page is measured in headless Chromium. Returns the report's table lines.
 */
export async function benchUi(options: {
  size: SeedSize;
  serverUrl: string;
  main: string;
  webRoot: string;
  quireEnv: Record<string, string>;
  apiKey: string;
  facts: string[];
  log: (message: string) => void;
  /** Loads measured per page. */
  runs: number;
}): Promise<string[]> {
  const { size, serverUrl, quireEnv, apiKey, log } = options;
  const name = `quire_bench_ui_${Date.now()}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const env = { ...quireEnv, DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-ui-')) };
  try {
    log('UI: first start, seed');
    await (await startNode(options.main, env, { readyPath: '/ping' })).stop();
    const seeded = await seedPostgres(env.DATABASE_URL, size, join(env.DATA_DIR, 'library'));
    options.facts.push(
      `UI run: PostgreSQL seed (${describeSize(size, seeded.history)}): ${seeded.seconds.toFixed(1)} s`,
    );
    const quire = await startNode(options.main, env, { readyPath: '/ping' });
    try {
      const headers = { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' };
      const host = (await (await fetch(`${quire.url}/api/v1/config/host`, { headers })).json()) as object;
      const put = await fetch(`${quire.url}/api/v1/config/host`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...host, authenticationMethod: 'forms', ...USER, passwordConfirmation: USER.password }),
      });
      if (!put.ok) throw new Error(`config/host: ${put.status} ${await put.text()}`);
      const client = new Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      // The author with the most books: the heaviest author page.
      const slug = (
        await client.query(
          `SELECT coalesce(m.title_slug, m.foreign_author_id) AS slug FROM author a
           JOIN author_metadata m ON m.id = a.author_metadata_id
           ORDER BY (SELECT count(*) FROM book b WHERE b.author_id = a.id) DESC LIMIT 1`,
        )
      ).rows[0].slug as string;
      await client.end();
      log(`UI: measuring pages (author /author/${slug})`);
      const rows = await measureUiPages({
        url: quire.url,
        user: USER,
        authorSlug: slug,
        webRoot: options.webRoot,
        runs: options.runs,
      });
      // Page timings are CPU-bound in the browser: a busy machine shows in them, so the load is part of the result.
      options.facts.push(
        `UI run: load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' / ')} (1/5/15 min) after the pages`,
      );
      return renderUiRows(rows, options.runs);
    } finally {
      await quire.stop();
    }
  } finally {
    const cleanup = new Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}
