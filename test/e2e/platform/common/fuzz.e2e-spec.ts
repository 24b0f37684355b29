import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { EmbeddedPostgres } from '../../../../src/platform/database/embedded-postgres';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { testDatabaseUrl } from '../../../utils/test-database';

/**
 * A seeded, time-bounded property-based walk over every registered route with junk ids, junk query values and
 * junk bodies, on the test database and on an embedded one started here. Whatever comes in: no 5xx, no answer
 * slower than 3 s, /ping keeps answering, and a rejected request (4xx) changes no row.
 */
const SEED = 18_2026;
const BUDGET_MS_PER_DATABASE = 25_000;
// A stall detector, not a performance budget (those are measured in bench/): a 2-core CI machine running two test
// workers, a browser and the app's own background work can take a junk request past 1 s without anything wrong.
const SLOW_MS = 3_000;

/** Routes the walk leaves alone: they stop the process under test, or are the docs page. */
const SKIPPED = [/^POST \/api\/v1\/system\/(shutdown|restart)$/, /^\w+ \/docs/];

/**
 * Tables background work writes to whatever the current request's outcome: the log, the command queue, and the
 * hub's notifications (library events of earlier accepted requests are delivered and retried asynchronously).
 */
const VOLATILE_TABLES = new Set([
  'migrations',
  'log',
  'command',
  'command_worker',
  'library_change',
  'scheduled_task',
  'hub_notification',
  'hub_delivery',
  'hub_delivery_attempt',
]);

const JUNK_IDS = ['0', '-1', '2147483648', '9007199254740992', '99999999999999999999', 'abc', '1.5', '%00', '%20'];

interface Route {
  method: string;
  path: string;
}

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

function registeredRoutes(t: TestApp): Route[] {
  const express = t.app.getHttpAdapter().getInstance() as { router?: { stack: ExpressLayer[] } };
  const routes: Route[] = [];
  for (const layer of express.router?.stack ?? []) {
    if (!layer.route || layer.route.methods._all || Object.keys(layer.route.methods).length > 8) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const path of paths)
      for (const method of Object.keys(layer.route.methods)) routes.push({ method: method.toUpperCase(), path });
  }
  return routes.filter((route) => !SKIPPED.some((skip) => skip.test(`${route.method} ${route.path}`)));
}

function withId(pattern: string, id: string): string {
  return pattern.replace(/\{\/:?[^}]*\}/g, '').replace(/:([A-Za-z_]+)\*?/g, () => id);
}

const junkString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('\u0000', 'a\u0000b', 'x'.repeat(300_000), '💥'.repeat(5_000), ' ', '-1', '1e309', 'NaN'),
);
const junkValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    junkString,
    fc.integer(),
    fc.constantFrom(2 ** 31, 2 ** 53, -(2 ** 31) - 1, 1.5, 0, -1),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom('id', 'name', 'label', 'path', 'title', 'source_agent', 'body', 'tags'),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;

/** Bodies: junk values, junk for the fields most DTOs have, and the shapes that used to hurt. */
const junkBody: fc.Arbitrary<string> = fc.oneof(
  junkValue.map((value) => JSON.stringify(value) ?? 'null'),
  fc
    .record({ id: junkValue, name: junkValue, label: junkValue, path: junkValue, title: junkValue, body: junkValue })
    .map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '['.repeat(100_000) + ']'.repeat(100_000),
    '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000),
    JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))),
    JSON.stringify({ source_agent: 'x'.repeat(1_000_000), title: 't', body: 'b' }),
    JSON.stringify({ label: 'a\u0000b', title: 'a\u0000', source_agent: 'a', body: 'b', metadata: { 'k\u0000': 1 } }),
    '{"unterminated": ',
    '',
  ),
);

const junkQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'page',
        'pageSize',
        'authorId',
        'bookId',
        'sortKey',
        'sortDirection',
        'includeAuthor',
        'term',
        'path',
      ),
      fc.oneof(fc.constantFrom(...JUNK_IDS), fc.constantFrom('%00', 'x'.repeat(5_000), 'true', '')),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&'));

async function fingerprint(client: Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const parts = rows
    .filter((row) => !VOLATILE_TABLES.has(row.name))
    .map(
      (row) =>
        `SELECT '${row.name}' || ':' || coalesce(md5(string_agg(row_to_json(t)::text, ',' ORDER BY row_to_json(t)::text)), '') AS f FROM "${row.name}" t`,
    );
  const result = await client.query<{ f: string }>(parts.join(' UNION ALL '));
  return new Map(result.rows.map((row) => [row.f.split(':')[0], row.f]));
}

async function walk(t: TestApp, databaseUrl: string, seed: number): Promise<{ requests: number; problems: string[] }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  let requests = 0;
  try {
    await t.api.post('/api/v1/tag').send({ label: 'seeded' }).expect(200);
    const routes = registeredRoutes(t);
    expect(routes.length).toBeGreaterThan(100);
    const bodies = fc.sample(junkBody, { seed, numRuns: routes.length * 2 });
    const queries = fc.sample(junkQuery, { seed: seed + 1, numRuns: routes.length * 2 });
    const deadline = Date.now() + BUDGET_MS_PER_DATABASE;
    let before = await fingerprint(client);
    for (let round = 0; Date.now() < deadline; round++) {
      for (const [index, route] of routes.entries()) {
        if (Date.now() >= deadline) break;
        const pick = round * routes.length + index;
        const id = JUNK_IDS[pick % JUNK_IDS.length];
        const query = queries[pick % queries.length];
        const path = `${withId(route.path, id)}${query ? `?${query}` : ''}`;
        const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
        let call = method in t.api ? t.api[method](path) : t.anonymous()[method as 'patch'](path);
        call = call.set('Accept', 'application/json');
        const body = bodies[pick % bodies.length];
        if (method !== 'get' && method !== 'delete') call = call.set('Content-Type', 'application/json').send(body);
        const started = Date.now();
        const response = await call.ok(() => true);
        const took = Date.now() - started;
        requests++;
        const label = `${route.method} ${path.slice(0, 120)} (body ${body.slice(0, 60)}…)`;
        // 502-504 are an upstream's failure (the metadata source is a closed port here), not Quire's.
        const upstream = response.status >= 502 && response.status <= 504;
        if (response.status >= 500 && !upstream)
          problems.push(`${label} → ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
        if (took > SLOW_MS && !upstream) problems.push(`${label} took ${took} ms`);
        const after = await fingerprint(client);
        const changed = [...after].filter(([table, value]) => before.get(table) !== value).map(([table]) => table);
        if (response.status >= 400 && response.status < 500 && changed.length)
          problems.push(`${label} → ${response.status} but changed ${changed.join(', ')}`);
        before = after;
      }
      const pingStarted = Date.now();
      await t.anonymous().get('/ping').expect(200);
      if (Date.now() - pingStarted > SLOW_MS) problems.push(`/ping took ${Date.now() - pingStarted} ms`);
    }
  } finally {
    await client.end();
  }
  return { requests, problems };
}

describe('fuzz walk over every route (property-based, seeded, time-bounded)', () => {
  const settings = { SCHEDULER_TICK_MS: '600000', COMMAND_POLL_INTERVAL_MS: '60000' };

  it('on the test database: no 5xx, no slow answer, no change from a rejected request', async () => {
    const t = await createTestApp(settings);
    try {
      const { requests, problems } = await walk(t, testDatabaseUrl(), SEED);
      expect(requests).toBeGreaterThan(100);
      expect(problems).toEqual([]);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('on an embedded database (PGlite) started here: the same', async () => {
    const embedded = new EmbeddedPostgres(mkdtempSync(join(tmpdir(), 'quire-fuzz-')), 16);
    const url = await embedded.start();
    const t = await createTestApp({ ...settings, DATABASE_URL: url }, { fresh: false });
    try {
      const { requests, problems } = await walk(t, url, SEED + 100);
      expect(requests).toBeGreaterThan(100);
      expect(problems).toEqual([]);
    } finally {
      await t.close();
      await embedded.stop();
    }
  }, 150_000);
});
