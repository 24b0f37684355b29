import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import initSqlJs from 'sql.js';
import yazl from 'yazl';
import { ReadarrDbBuilder } from '../../../factories/readarr-db.factory';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { waitForCommand } from '../../../utils/commands';
import { createTestApp, type TestApp } from '../../../utils/create-test-app';

/** Writes a zip of in-memory entries with yazl. */
function zipOf(path: string, entries: Record<string, Buffer>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(content, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => {
      writeFileSync(path, Buffer.concat(chunks));
      resolve(path);
    });
  });
}

/**
 * A zip whose one entry inflates to `size` zero bytes (a zip bomb), written by hand: deflate blocks of 1 MiB of
 * zeros repeated (each flushed, not final) and closed by an empty final block — quick to build, real to inflate.
 */
function bombZip(path: string, name: string, size: number): string {
  const block = deflateRawSync(Buffer.alloc(1024 ** 2), { finishFlush: constants.Z_SYNC_FLUSH });
  const blocks = size / 1024 ** 2;
  const data = Buffer.concat([...Array.from({ length: blocks }, () => block), Buffer.from([0x03, 0x00])]);
  let crc = 0;
  const zero = Buffer.alloc(1024 ** 2);
  for (let index = 0; index < blocks; index++) crc = crc32(zero, crc);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size >>> 0, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size >>> 0, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  writeFileSync(path, Buffer.concat([local, fileName, data, central, fileName, end]));
  return path;
}

describe('migration from Readarr: hostile and broken uploads', () => {
  let t: TestApp;
  let base: string;
  let readarrDb: Buffer;
  let openLibrary: FakeOpenLibrary;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'quire-readarr-hostile-'));
    const builder = await ReadarrDbBuilder.create();
    const { metadataId } = builder.author({ foreignAuthorId: '1', name: 'Some Author', path: '/books/Some Author' });
    for (let index = 0; index < 20; index++)
      builder.book(metadataId, { foreignBookId: `b${index}`, title: `Book ${index} ${'x'.repeat(200)}` }, [
        { foreignEditionId: `e${index}` },
      ]);
    readarrDb = builder.toBuffer();
    builder.close();
    openLibrary = await FakeOpenLibrary.start();
    t = await createTestApp({ METADATA_SOURCE_URL: openLibrary.url, COVER_SOURCE_URL: openLibrary.coversUrl });
    await t.api.put('/api/v1/config/metadataprovider').send({ requestsPerMinute: 600 });
  });

  afterAll(async () => {
    await t.close();
    await openLibrary.close();
    rmSync(base, { recursive: true, force: true });
  });

  async function expectRefused(path: string | undefined, message: RegExp) {
    const request = t.api.post('/api/v1/migration/readarr?dryRun=false');
    const response = await (path ? request.attach('file', path) : request.field('other', 'x'));
    expect(response.status).toBe(400);
    expect(response.body).toEqual([
      expect.objectContaining({ propertyName: 'File', errorMessage: expect.stringMatching(message) }),
    ]);
    // Nothing was written: no command, no copy kept, no library rows.
    const commands = (await t.api.get('/api/v1/command').expect(200)).body as { name: string }[];
    expect(commands.filter((command) => command.name === 'MigrateFromReadarr')).toEqual([]);
    const kept = join(t.dataDir, 'migrations');
    expect(existsSync(kept) ? readdirSync(kept) : []).toEqual([]);
    expect((await t.api.get('/api/v1/author').expect(200)).body).toEqual([]);
    expect((await t.api.get('/api/v1/tag').expect(200)).body).toEqual([]);
  }

  it('refuses a request without a file', async () => {
    await expectRefused(undefined, /Upload a readarr\.db/);
  });

  it('refuses a file that is neither SQLite nor zip', async () => {
    await expectRefused(writeFile('notes.txt', Buffer.from('hello, not a database')), /neither a readarr\.db/);
  });

  it('refuses an SQLite database that is not Readarr’s', async () => {
    const SQL = await initSqlJs();
    const other = new SQL.Database();
    other.run('CREATE TABLE "Movies" ("Id" INTEGER PRIMARY KEY, "Title" TEXT)');
    const path = writeFile('radarr.db', Buffer.from(other.export()));
    other.close();
    await expectRefused(path, /Not a Readarr database: table\(s\) VersionInfo, AuthorMetadata/);
  });

  it('refuses a truncated readarr.db', async () => {
    await expectRefused(
      writeFile('truncated.db', readarrDb.subarray(0, Math.floor(readarrDb.length / 2))),
      /truncated|damaged|cannot be read/,
    );
  });

  it('refuses a zip with a path-traversal entry', async () => {
    const path = await zipOf(join(base, 'traversal.zip'), {
      'xx/readarr.db': readarrDb,
      'config.xml': Buffer.from('<Config/>'),
    });
    // yazl refuses to write "../" names; patch them in (same length) as an attacker would.
    const bytes = readFileSync(path);
    writeFileSync(path, Buffer.from(bytes.toString('latin1').split('xx/readarr.db').join('../readarr.db'), 'latin1'));
    await expectRefused(path, /outside the archive/);
  });

  it('refuses an inflating zip bomb (1 GB of zeros named readarr.db)', async () => {
    await expectRefused(bombZip(join(base, 'bomb.zip'), 'readarr.db', 1024 ** 3), /larger than|inflates/);
  });

  it('refuses a zip bomb under the size cap that inflates beyond its ratio (600 MB of zeros)', async () => {
    await expectRefused(bombZip(join(base, 'bomb-small.zip'), 'readarr.db', 600 * 1024 ** 2), /inflates/);
  });

  it('refuses a zip without readarr.db', async () => {
    const path = await zipOf(join(base, 'empty.zip'), { 'config.xml': Buffer.from('<Config/>') });
    await expectRefused(path, /no readarr\.db/);
  });

  it('accepts a Readarr backup zip (readarr.db + config.xml) and reads its release from the name', async () => {
    const path = await zipOf(join(base, 'readarr_backup_v0.4.18.2805_2025.06.20_10.00.00.zip'), {
      'readarr.db': readarrDb,
      'config.xml': Buffer.from('<Config><Port>8787</Port></Config>'),
    });
    const posted = await t.api.post('/api/v1/migration/readarr').attach('file', path).expect(200);
    expect(posted.body.body).toMatchObject({ dryRun: true });
    expect(JSON.stringify(posted.body)).not.toContain(base);
    expect(await waitForCommand(t, posted.body.id, 60_000)).toMatchObject({ status: 'completed' });
    const report = (await t.api.get(`/api/v1/migration/${posted.body.id}`).expect(200)).body;
    expect(report).toMatchObject({ dryRun: true, source: { appName: 'Readarr', version: '0.4.18.2805' } });
    expect(report.counts.books).toMatchObject({ found: 20, imported: 20, unmatched: 20 });
    // The uploaded copy is removed once the command is done.
    expect(readdirSync(join(t.dataDir, 'migrations'))).toEqual([]);
  });

  function writeFile(name: string, bytes: Buffer): string {
    const path = join(base, name);
    writeFileSync(path, bytes);
    return path;
  }
});
