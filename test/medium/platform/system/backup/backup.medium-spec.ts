import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseBackup } from '../../../../../src/platform/database/database-backup';
import { HostConfigService } from '../../../../../src/platform/auth/host-config/host-config.service';
import { BadRequestError, NotFoundError } from '../../../../../src/platform/common/errors/domain-errors';
import { BackupService, UnsupportedMediaTypeError } from '../../../../../src/platform/system/backup/backup.service';
import { createAuthor, createBook, createBookFile, ensureProfiles } from '../../../../factories';
import { Medium, newMediumService } from '../../../medium';

const DAY_MS = 86_400_000;

/**
 * Backups on PostgreSQL and a real data folder: a consistent dump zipped, listed and restored in one transaction
 * (trigger-kept counters recomputed, sequences moved past the restored ids, the log and command queue left alone,
 * the environment's API key kept), bad archives refused without a change, old scheduled backups cleaned up.
 */
describe('backups (medium)', () => {
  let medium: Medium;
  let backups: BackupService;
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-medium-backup-'));

  beforeAll(async () => {
    medium = await newMediumService({
      providers: [BackupService, DatabaseBackup],
      fakes: [[HostConfigService, { load: async () => ({ backupFolder: 'Backups', backupRetention: 7 }) }]],
      env: { DATA_DIR: dataDir, API_KEY: 'envApiKey0123456789abcdef' },
      tables: ['author_metadata', 'author', 'book', 'edition', 'book_file', 'config', 'log', 'command'],
    });
    backups = medium.get(BackupService);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    await ensureProfiles(medium.dataSource);
    rmSync(join(dataDir, 'Backups'), { recursive: true, force: true });
  });

  const count = async (table: string) =>
    (await medium.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

  it('restores the library as it was backed up, with its counters, and new rows after it get new ids', async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author' });
    const book = await createBook(medium.dataSource, author, { title: 'Kept' });
    await createBookFile(medium.dataSource, book.editionId, { size: 1234 });
    await medium.sql(`INSERT INTO config (key, value) VALUES ('ui', '{"theme": "dark", "note": "Ünïcödé ✓"}')`);
    const backup = await backups.create('manual');
    expect(backup).toMatchObject({ type: 'manual', name: expect.stringMatching(/^quire_backup_v.+\.zip$/) });
    expect((await backups.list()).map((listed) => listed.id)).toEqual([backup.id]);

    // Changes after the backup, some to tables a restore leaves alone.
    await medium.sql(`DELETE FROM author WHERE id = $1`, [author.id]);
    await createAuthor(medium.dataSource, { name: 'After Backup' });
    await medium.sql(`UPDATE config SET value = '{"theme": "light"}' WHERE key = 'ui'`);
    await medium.sql(`INSERT INTO log (time, level, logger, message) VALUES (now(), 'Info', 'test', 'kept line')`);

    await backups.restore(backup.id);
    const authors = await medium.sql<{ name: string }>(
      `SELECT m.name FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id`,
    );
    expect(authors).toEqual([{ name: 'Ann Author' }]);
    expect((await medium.sql(`SELECT value FROM config WHERE key = 'ui'`))[0]).toEqual({
      value: { theme: 'dark', note: 'Ünïcödé ✓' },
    });
    expect(await medium.sql(`SELECT file_count, file_size::int AS size FROM book`)).toEqual([
      { file_count: 1, size: 1234 },
    ]);
    expect(await count('log')).toBe(1);
    // The environment's API key wins over the backup's.
    expect((await medium.sql(`SELECT value #>> '{}' AS key FROM config WHERE key = 'apiKey'`))[0]).toEqual({
      key: 'envApiKey0123456789abcdef',
    });
    // Sequences were moved past the restored ids.
    const later = await createAuthor(medium.dataSource, { name: 'Later' });
    expect(later.id).toBeGreaterThan(author.id);
  });

  it('refuses an upload that is not a zip, or not a backup, and changes nothing', async () => {
    await createAuthor(medium.dataSource, { name: 'Stays' });
    const folder = mkdtempSync(join(tmpdir(), 'quire-medium-upload-'));
    const text = join(folder, 'upload-1');
    writeFileSync(text, 'hello');
    await expect(backups.restoreUpload({ originalname: 'backup.txt', path: text })).rejects.toBeInstanceOf(
      UnsupportedMediaTypeError,
    );
    const garbage = join(folder, 'upload-2');
    writeFileSync(garbage, 'PK\u0003\u0004 not really a zip');
    await expect(backups.restoreUpload({ originalname: 'backup.zip', path: garbage })).rejects.toBeInstanceOf(
      BadRequestError,
    );
    await expect(backups.restoreUpload(undefined)).rejects.toBeInstanceOf(BadRequestError);
    // Uploads are removed whatever the outcome; the library is untouched.
    expect(readdirSync(folder)).toEqual([]);
    expect(await count('author')).toBe(1);
  });

  it('serves listed backups by type and name only; deletes; unknown ids are 404s', async () => {
    const backup = await backups.create('manual');
    const folder = await backups.folder('manual');
    expect(await backups.fileByName('manual', backup.name)).toBe(join(folder, backup.name));
    for (const [type, name] of [
      ['manual', '../manual/' + backup.name],
      ['scheduled', backup.name],
      ['1', backup.name],
      ['manual', 'passwords.zip'],
    ])
      await expect(backups.fileByName(type, name)).rejects.toBeInstanceOf(NotFoundError);
    await backups.delete(backup.id);
    expect(await backups.list()).toEqual([]);
    await expect(backups.delete(backup.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a scheduled backup deletes scheduled backups past the retention, never manual ones', async () => {
    const created = await backups.create('scheduled');
    const manual = await backups.create('manual');
    // Made eight days ago (as its name and time say), past the seven days kept.
    const scheduled = await backups.folder('scheduled');
    const old = 'quire_backup_v0.1.0_2020.01.01_00.00.00.zip';
    renameSync(join(scheduled, created.name), join(scheduled, old));
    const past = new Date(Date.now() - 8 * DAY_MS);
    utimesSync(join(scheduled, old), past, past);
    utimesSync(join(await backups.folder('manual'), manual.name), past, past);

    const fresh = await backups.create('scheduled');
    expect((await backups.list()).map((listed) => listed.name).sort()).toEqual([fresh.name, manual.name].sort());
  });

  it('removes work folders a killed backup left, once they have been idle for a while', async () => {
    const folder = await backups.folder('manual');
    const stale = join(folder, '.backup-stale');
    const busy = join(folder, '.backup-busy');
    for (const path of [stale, busy]) mkdirSync(path, { recursive: true });
    const past = new Date(Date.now() - DAY_MS);
    utimesSync(stale, past, past);
    expect(await backups.removeStaleWorkFolders()).toBe(1);
    expect([existsSync(stale), existsSync(busy)]).toEqual([false, true]);
  });
});
