import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootFolderService } from '../../../../src/library/root-folder/root-folder.service';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

describe('rootfolder', () => {
  let t: TestApp;
  let base: string;
  let qualityProfileId: number;
  let metadataProfileId: number;

  beforeAll(async () => {
    t = await createTestApp();
    base = mkdtempSync(join(tmpdir(), 'quire-rootfolders-'));
    qualityProfileId = (await t.api.get('/api/v1/qualityprofile').expect(200)).body[0].id;
    metadataProfileId = (await t.api.get('/api/v1/metadataprofile').expect(200)).body[0].id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(base, { recursive: true, force: true });
  });

  const folder = (name: string) => {
    const path = join(base, name);
    mkdirSync(path, { recursive: true });
    return path;
  };
  const body = (path: string, extra: object = {}) => ({
    name: 'Books',
    path,
    defaultQualityProfileId: qualityProfileId,
    defaultMetadataProfileId: metadataProfileId,
    ...extra,
  });

  it('create → read → update → list → delete, with free/total space and unmapped folders', async () => {
    const path = folder('library');
    mkdirSync(join(path, 'Ann Leckie'));
    mkdirSync(join(path, 'Iain M. Banks'));
    mkdirSync(join(path, '.hidden'));
    const tag = (await t.api.post('/api/v1/tag').send({ label: 'scifi' }).expect(200)).body.id;

    const created = await t.api
      .post('/api/v1/rootfolder')
      .send(body(`${path}/`, { defaultMonitorOption: 'future', defaultNewItemMonitorOption: 2, defaultTags: [tag] }))
      .expect(200);
    expect(created.body).toMatchObject({
      name: 'Books',
      path,
      defaultQualityProfileId: qualityProfileId,
      defaultMetadataProfileId: metadataProfileId,
      defaultMonitorOption: 'future',
      defaultNewItemMonitorOption: 'new',
      defaultTags: [tag],
      isCalibreLibrary: false,
      accessible: true,
    });
    expect(created.body.freeSpace).toBeGreaterThan(0);
    expect(created.body.totalSpace).toBeGreaterThanOrEqual(created.body.freeSpace);
    expect(created.body.unmappedFolders).toEqual([
      { name: 'Ann Leckie', path: join(path, 'Ann Leckie'), relativePath: 'Ann Leckie' },
      { name: 'Iain M. Banks', path: join(path, 'Iain M. Banks'), relativePath: 'Iain M. Banks' },
    ]);
    const id = created.body.id;
    const read = await t.api.get(`/api/v1/rootfolder/${id}`).expect(200);
    expect(read.body).toMatchObject({ id, path, accessible: true });

    const updated = await t.api
      .put(`/api/v1/rootfolder/${id}`)
      .send({ ...read.body, name: 'My Books', defaultMonitorOption: 'none', defaultTags: [] })
      .expect(200);
    expect(updated.body).toMatchObject({ id, name: 'My Books', defaultMonitorOption: 'none', defaultTags: [] });

    const list = await t.api.get('/api/v1/rootfolder').expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id, name: 'My Books', accessible: true, freeSpace: expect.any(Number) });

    await t.api.delete(`/api/v1/rootfolder/${id}`).expect(200);
    await t.api.get(`/api/v1/rootfolder/${id}`).expect(404);
    await t.api.delete(`/api/v1/rootfolder/${id}`).expect(404);
  });

  it('leaves folders that an author uses out of unmappedFolders', async () => {
    const path = folder('mapped');
    mkdirSync(join(path, 'Ann Leckie'));
    mkdirSync(join(path, 'Martha Wells'));
    const [{ id: metadataId }] = await sql<{ id: number }>(
      `INSERT INTO author_metadata (foreign_author_id, name, sort_name) VALUES ('OL7A', 'Ann Leckie', 'leckie') RETURNING id`,
    );
    await sql(
      `INSERT INTO author (author_metadata_id, clean_name, path, quality_profile_id, metadata_profile_id)
       VALUES ($1, 'annleckie', $2, $3, $4)`,
      [metadataId, join(path, 'Ann Leckie'), qualityProfileId, metadataProfileId],
    );
    const created = (await t.api.post('/api/v1/rootfolder').send(body(path)).expect(200)).body;
    expect(created.unmappedFolders.map((f: any) => f.name)).toEqual(['Martha Wells']);
    const service = t.app.get(RootFolderService);
    expect(await service.bestMatchFor(join(path, 'Ann Leckie'))).toBe(path);
    await sql(`DELETE FROM author`);
    await t.api.delete(`/api/v1/rootfolder/${created.id}`).expect(200);
  });

  it('reports a root folder that disappeared as inaccessible', async () => {
    const path = folder('vanishing');
    const { id } = (await t.api.post('/api/v1/rootfolder').send(body(path)).expect(200)).body;
    rmSync(path, { recursive: true });
    const { body: read } = await t.api.get(`/api/v1/rootfolder/${id}`).expect(200);
    expect(read.accessible).toBe(false);
    expect(read.freeSpace).toBeUndefined();
    expect(read.unmappedFolders).toEqual([]);
    await t.api.delete(`/api/v1/rootfolder/${id}`).expect(200);
  });

  it('rejects missing, relative, non-existent, system, duplicate and unwritable paths', async () => {
    const failure = async (payload: object) => {
      const response = await t.api.post('/api/v1/rootfolder').send(payload).expect(400);
      return [response.body[0].propertyName, response.body[0].errorMessage];
    };
    expect(await failure(body(''))).toEqual(['Path', "'Path' must not be empty."]);
    expect(await failure(body('books/relative'))).toEqual(['Path', "Invalid Path: 'books/relative'"]);
    expect(await failure(body(join(base, 'nope')))).toEqual(['Path', `Path '${join(base, 'nope')}' does not exist`]);
    expect((await failure(body('/etc')))[1]).toMatch(/system folder/);
    expect((await failure(body('/')))[1]).toMatch(/system folder/);
    expect((await failure(body(t.dataDir)))[1]).toMatch(/data folder/);

    const taken = folder('taken');
    const { id } = (await t.api.post('/api/v1/rootfolder').send(body(taken)).expect(200)).body;
    expect(await failure(body(taken))).toEqual(['Path', `Path '${taken}' is already configured as a root folder`]);
    await t.api.delete(`/api/v1/rootfolder/${id}`).expect(200);

    // chmod alone does not stop root; an immutable folder does (the test fails if neither applies).
    const readOnly = folder('read-only');
    chmodSync(readOnly, 0o555);
    if (process.getuid?.() === 0) execFileSync('chattr', ['+i', readOnly]);
    try {
      expect(await failure(body(readOnly))).toEqual(['Path', `Folder '${readOnly}' is not writable`]);
    } finally {
      if (process.getuid?.() === 0) execFileSync('chattr', ['-i', readOnly]);
      chmodSync(readOnly, 0o755);
    }
  });

  it('validates name, default profiles, tags and types; the path cannot change', async () => {
    const path = folder('validated');
    const names = async (payload: object) =>
      (await t.api.post('/api/v1/rootfolder').send(payload).expect(400)).body.map((f: any) => f.propertyName);
    expect(await names(body(path, { name: '' }))).toEqual(['Name']);
    expect(await names(body(path, { defaultQualityProfileId: 0, defaultMetadataProfileId: 9999 }))).toEqual([
      'DefaultQualityProfileId',
      'DefaultMetadataProfileId',
    ]);
    expect(await names(body(path, { defaultTags: [4242] }))).toEqual(['DefaultTags']);
    expect(await names(body(path, { port: 'x', defaultMonitorOption: 'sometimes', defaultTags: 'a' }))).toEqual(
      expect.arrayContaining(['Port', 'DefaultMonitorOption', 'DefaultTags']),
    );
    expect(await names(body(path, { isCalibreLibrary: true }))).toEqual(['IsCalibreLibrary']);

    const created = (await t.api.post('/api/v1/rootfolder').send(body(path)).expect(200)).body;
    const moved = await t.api
      .put(`/api/v1/rootfolder/${created.id}`)
      .send({ ...created, path: folder('elsewhere') })
      .expect(400);
    expect(moved.body[0]).toMatchObject({ propertyName: 'Path', errorMessage: 'Root folder path cannot be changed' });
    await t.api.put('/api/v1/rootfolder/9999').send(created).expect(404);
    await t.api.delete(`/api/v1/rootfolder/${created.id}`).expect(200);
  });

  it('bestMatchFor picks the longest configured root folder that holds a path', async () => {
    const outer = folder('nest');
    const inner = folder('nest/audio');
    const a = (await t.api.post('/api/v1/rootfolder').send(body(outer)).expect(200)).body;
    const b = (
      await t.api
        .post('/api/v1/rootfolder')
        .send(body(inner, { name: 'Audio' }))
        .expect(200)
    ).body;
    const service = t.app.get(RootFolderService);
    expect(await service.bestMatchFor(join(inner, 'Author', 'Book'))).toBe(inner);
    expect(await service.bestMatchFor(join(outer, 'Author'))).toBe(outer);
    expect(await service.bestMatchFor(`${outer}-sibling/Author`)).toBeUndefined();
    expect(await service.bestMatchFor('/somewhere/else')).toBeUndefined();
    await t.api.delete(`/api/v1/rootfolder/${a.id}`).expect(200);
    await t.api.delete(`/api/v1/rootfolder/${b.id}`).expect(200);
  });
});
