import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import yazl from 'yazl';
import { BackupService } from '../../../../src/platform/system/backup/backup.service';
import { NOT_BACKED_UP } from '../../../../src/platform/database/database-dump';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql as testSql } from '../../../utils/test-database';

type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** A fingerprint of every backed-up table: its rows as JSON, sorted, hashed. */
async function snapshot(query: Query): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    if (NOT_BACKED_UP.has(name)) continue;
    const [row] = await query<{ digest: string; count: number }>(
      `SELECT md5(coalesce(string_agg(j, '|' ORDER BY j), '')) AS digest, count(*)::int AS count
       FROM (SELECT row_to_json(t)::text AS j FROM "${name}" t) rows`,
    );
    result[name] = `${row.count}:${row.digest}`;
  }
  return result;
}

async function seed(t: TestApp, query: Query): Promise<void> {
  await query(`INSERT INTO tag (label) VALUES ('alpha'), ('beta'), ('gamma')`);
  await query(`INSERT INTO custom_filter (type, label, filters) VALUES ('authorIndex', 'Mine', $1::jsonb)`, [
    JSON.stringify([{ key: 'monitored', value: true, type: 'equal' }]),
  ]);
  await query(`INSERT INTO remote_path_mapping (host, remote_path, local_path) VALUES ('sab', '/dl/', '/mnt/dl/')`);
  await query(
    `INSERT INTO provider_definition (kind, name, implementation, config_contract, settings, tags, enable, options, added)
     VALUES ('indexer', 'Books NZB', 'Newznab', 'NewznabSettings', '{"baseUrl":"http://x"}', '{1,2}', true,
             '{"enableRss":true}', '2024-02-29T12:34:56.789123Z')`,
  );
  const folder = mkdtempSync(join(tmpdir(), 'quire-root-'));
  await query(
    `INSERT INTO root_folder (name, path, default_metadata_profile_id, default_quality_profile_id, default_tags)
     VALUES ('Books', $1, (SELECT min(id) FROM metadata_profile), (SELECT min(id) FROM quality_profile), '{3}')`,
    [folder],
  );
  await t.api.put('/api/v1/config/ui').send({ theme: 'dark' }).expect(200);
}

async function mutate(t: TestApp, query: Query): Promise<void> {
  await query(`DELETE FROM tag WHERE label = 'beta'`);
  await query(`INSERT INTO tag (label) VALUES ('delta')`);
  await query(`DELETE FROM root_folder`);
  await query(`UPDATE provider_definition SET name = 'Renamed', tags = '{}'`);
  await query(`DELETE FROM custom_filter`);
  await t.api.put('/api/v1/config/ui').send({ theme: 'light' }).expect(200);
}

function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe('backups on external PostgreSQL', () => {
  let t: TestApp;
  const query: Query = (text, params) => testSql(text, params);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('round trip: seed → Backup command → change and delete → restore → every table equals the seed', async () => {
    await seed(t, query);
    const seeded = await snapshot(query);
    expect(Object.keys(seeded)).toEqual(
      expect.arrayContaining(['tag', 'root_folder', 'provider_definition', 'config']),
    );

    const command = await runCommand(t, 'Backup', { type: 'manual' });
    expect(command.status).toBe('completed');
    const list = (await t.api.get('/api/v1/system/backup').expect(200)).body;
    expect(list).toHaveLength(1);
    const backup = list[0];
    expect(backup).toMatchObject({ type: 'manual', size: expect.any(Number), time: expect.stringMatching(/Z$/) });
    expect(backup.name).toMatch(/^quire_backup_v\d+\.\d+\.\d+\.\d+_\d{4}\.\d\d\.\d\d_\d\d\.\d\d\.\d\d\.zip$/);
    expect(backup.path).toBe(`/backup/manual/${backup.name}`);
    expect(backup.id).toBeGreaterThan(0);
    expect(backup.id).toBeLessThan(2 ** 31);

    await mutate(t, query);
    expect(await snapshot(query)).not.toEqual(seeded);

    const restored = await t.api.post(`/api/v1/system/backup/restore/${backup.id}`).expect(200);
    expect(restored.body).toEqual({ restartRequired: true });
    expect(await snapshot(query)).toEqual(seeded);
    expect((await t.api.get('/api/v1/config/ui')).body.theme).toBe('dark');

    // Sequences continue after the restored ids.
    const [tag] = await query<{ id: number }>(`INSERT INTO tag (label) VALUES ('epsilon') RETURNING id`);
    const [{ max }] = await query<{ max: number }>(`SELECT max(id)::int AS max FROM tag WHERE label <> 'epsilon'`);
    expect(tag.id).toBe(max + 1);
  });

  it('downloads a backup and restores an uploaded one', async () => {
    const [backup] = (await t.api.get('/api/v1/system/backup')).body;
    // Authentication `none` (the default) serves downloads without a key, as Readarr does; with forms
    // authentication they need the key or a session (browser-session.e2e-spec.ts).
    await t.anonymous().get(backup.path).expect(200);
    const download = await t.api
      .get(backup.path)
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const zip = download.body as Buffer;
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    await t.api.get('/backup/manual/..%2f..%2fetc%2fpasswd').expect(404);

    const before = await snapshot(query);
    await query(`DELETE FROM tag`);
    await t.api
      .post('/api/v1/system/backup/restore/upload')
      .attach('file', zip, 'my-backup.zip')
      .expect(200, { restartRequired: true });
    const after = await snapshot(query);
    // The upload is the first backup (epsilon was added after it).
    expect(after.tag).not.toBe(before.tag);
    expect(after.root_folder).toBe(before.root_folder);
    expect((await query(`SELECT label FROM tag ORDER BY label`)).map((row) => row.label)).toEqual([
      'alpha',
      'beta',
      'gamma',
    ]);
  });

  it('refuses a corrupt, foreign or wrongly named upload and changes nothing', async () => {
    const [backup] = (await t.api.get('/api/v1/system/backup')).body;
    const folder = await t.app.get(BackupService).folder('manual');
    const good = readFileSync(join(folder, backup.name));
    const before = await snapshot(query);

    const corrupt = Buffer.from(good);
    for (let index = 200; index < Math.min(corrupt.length - 200, 2000); index++) corrupt[index] ^= 0x5a;
    const corruptResponse = await t.api
      .post('/api/v1/system/backup/restore/upload')
      .attach('file', corrupt, 'corrupt.zip')
      .expect(400);
    expect(corruptResponse.body.message).toEqual(expect.any(String));

    const truncated = good.subarray(0, Math.floor(good.length / 2));
    await t.api.post('/api/v1/system/backup/restore/upload').attach('file', truncated, 'half.zip').expect(400);

    const foreign = await zipOf({ 'readarr.db': 'SQLite format 3', 'config.xml': '<Config/>' });
    const foreignResponse = await t.api
      .post('/api/v1/system/backup/restore/upload')
      .attach('file', foreign, 'readarr_backup.zip')
      .expect(400);
    expect(foreignResponse.body.message).toMatch(/Not a Quire backup/);

    const tampered = await zipOf({
      'manifest.json': JSON.stringify({
        app: 'Quire',
        format: 1,
        migrations: [],
        tables: [{ name: 'tag', columns: ['id', 'label'], rows: 1, sha256: '0'.repeat(64) }],
      }),
      'tables/tag.jsonl': '{"id":1,"label":"evil"}\n',
    });
    await t.api.post('/api/v1/system/backup/restore/upload').attach('file', tampered, 'tampered.zip').expect(400);

    await t.api.post('/api/v1/system/backup/restore/upload').attach('file', good, 'backup.db').expect(415);
    await t.api.post('/api/v1/system/backup/restore/upload').expect(400);

    expect(await snapshot(query)).toEqual(before);
  });

  it('deletes a backup by id; unknown ids are 404', async () => {
    const [backup] = (await t.api.get('/api/v1/system/backup')).body;
    await t.api.delete(`/api/v1/system/backup/${backup.id}`).expect(200);
    expect((await t.api.get('/api/v1/system/backup')).body).toEqual([]);
    await t.api.delete(`/api/v1/system/backup/${backup.id}`).expect(404);
    await t.api.post(`/api/v1/system/backup/restore/${backup.id}`).expect(404);
  });

  it('keeps scheduled backups within backupRetention days', async () => {
    await t.api.put('/api/v1/config/host').send({ backupRetention: 1 }).expect(200);
    const service = t.app.get(BackupService);
    const folder = await service.folder('scheduled');
    await runCommand(t, 'Backup', { type: 'scheduled' });
    const [first] = (await t.api.get('/api/v1/system/backup')).body;
    // Age the first backup beyond the retention window.
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    utimesSync(join(folder, first.name), old, old);
    writeFileSync(join(folder, 'unrelated.txt'), 'kept');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await runCommand(t, 'Backup', { type: 'scheduled' });
    const names = (await t.api.get('/api/v1/system/backup')).body.map((b: { name: string }) => b.name);
    expect(names).toHaveLength(1);
    expect(names).not.toContain(first.name);
  });
});

// The embedded-database (PGlite) round trip runs in a child process: see system-process.e2e-spec.ts.

describe('restore and trigger-kept counters', () => {
  let t: TestApp;
  const query: Query = (text, params) => testSql(text, params);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('recomputes trigger-kept counters on restore (an archive with wrong or missing counters)', async () => {
    const author = await createAuthor(t.app.get(DataSource), { name: 'Counter Author' });
    const book = await createBook(t.app.get(DataSource), author, { title: 'Counted' });
    await createBookFile(t.app.get(DataSource), book.editionId, {
      path: join(mkdtempSync(join(tmpdir(), 'cnt-')), 'a.epub'),
      size: 1234,
    });
    await query(`UPDATE book SET file_count = 99, file_size = 7 WHERE id = $1`, [book.id]);
    await query(`INSERT INTO history (author_id, book_id, quality, event_type) VALUES ($1, $2, '{}', 1)`, [
      author.id,
      book.id,
    ]);
    await query(`UPDATE history_event_count SET count = 500`);
    await query(`INSERT INTO author_book_count VALUES ($1, 3, 0, 0, 0, 0, 40)`, [author.id]);
    await runCommand(t, 'Backup', { type: 'manual' });
    const [newest] = (await t.api.get('/api/v1/system/backup').expect(200)).body.sort(
      (a: { time: string }, b: { time: string }) => b.time.localeCompare(a.time),
    );
    await t.api.post(`/api/v1/system/backup/restore/${newest.id}`).expect(200);
    expect(await query(`SELECT file_count, file_size::int AS file_size FROM book WHERE id = $1`, [book.id])).toEqual([
      { file_count: 1, file_size: 1234 },
    ]);
    const [{ count }] = await query<{ count: string }>(`SELECT sum(count)::text AS count FROM history_event_count`);
    const [{ real }] = await query<{ real: string }>(`SELECT count(*)::text AS real FROM history`);
    expect(count).toBe(real);
    const bookCounts = await query<{ stored: string; real: string }>(
      `SELECT (SELECT sum(books + missing_candidates)::text FROM author_book_count) AS stored,
              (SELECT (count(*) + count(*) FILTER (WHERE monitored AND file_count = 0 AND release_date IS NOT NULL))::text
               FROM book) AS real`,
    );
    expect(bookCounts[0].stored).toBe(bookCounts[0].real);
    const statistics = (await t.api.get(`/api/v1/author/${author.id}`).expect(200)).body.statistics;
    expect(statistics).toMatchObject({ totalBookCount: 1, bookFileCount: 1, sizeOnDisk: 1234 });
  });
});
