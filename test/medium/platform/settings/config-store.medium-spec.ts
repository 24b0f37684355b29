import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ValidationError } from '../../../../src/platform/common/errors/domain-errors';
import { ConfigEntry } from '../../../../src/platform/database/config-entry.entity';
import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { DatabaseServer } from '../../../../src/platform/database/database-server';
import { PreparedStatements } from '../../../../src/platform/database/prepared-statements';
import {
  MEDIA_MANAGEMENT_CONFIG_DEFAULTS,
  MEDIA_MANAGEMENT_CONFIG_KEY,
} from '../../../../src/platform/settings/media-management/media-management-config';
import { MediaManagementConfigService } from '../../../../src/platform/settings/media-management/media-management-config.service';
import { NamingConfigService } from '../../../../src/platform/settings/naming/naming-config.service';
import { Medium, newMediumService } from '../../medium';

/**
 * The settings store on PostgreSQL: one JSON row per section or value, sections merged over their defaults,
 * first-writer-wins values across concurrent callers, and the section services' PUT (partial, validated) on top.
 */
describe('config store and settings sections (medium)', () => {
  let medium: Medium;
  let store: ConfigStore;

  beforeAll(async () => {
    medium = await newMediumService({
      entities: [ConfigEntry],
      providers: [ConfigStore, PreparedStatements, DatabaseServer, MediaManagementConfigService, NamingConfigService],
      tables: ['config'],
    });
    store = medium.get(ConfigStore);
  });
  afterAll(() => medium.close());
  beforeEach(() => medium.resetTables());

  it('stores any JSON value under a key, the last write winning; an unknown key has none', async () => {
    expect(await store.get('absent')).toBeUndefined();
    const values: [string, unknown][] = [
      ['text', 'Ünïcödé ✓ "quoted"'],
      ['number', 42.5],
      ['flag', false],
      ['list', [1, 'two', null]],
      ['object', { nested: { deep: ['é'] }, empty: {} }],
    ];
    for (const [key, value] of values) await store.set(key, value);
    for (const [key, value] of values) expect(await store.get(key)).toEqual(value);

    await store.set('text', 'replaced');
    expect(await store.get('text')).toBe('replaced');
    expect(await medium.sql(`SELECT key FROM config WHERE key = 'text'`)).toHaveLength(1);
  });

  it('a section is merged over its defaults: fields added after it was stored get their default', async () => {
    await store.set('section', { kept: 'stored', old: 1 });
    expect(await store.getSection('section', { kept: 'default', added: true })).toEqual({
      kept: 'stored',
      added: true,
      old: 1,
    });
    expect(await store.getSection('missing', { a: 1 })).toEqual({ a: 1 });
  });

  it('setIfAbsent: concurrent callers all get the first stored value, and a later one cannot replace it', async () => {
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((value) => store.setIfAbsent('apiKey', value)));
    expect(new Set(answers).size).toBe(1);
    expect(await store.get('apiKey')).toBe(answers[0]);
    expect(await store.setIfAbsent('apiKey', 'late')).toBe(answers[0]);
  });

  it('a section PUT stores the known fields it sent; absent, null and unknown ones change nothing', async () => {
    const media = medium.get(MediaManagementConfigService);
    const recycleBin = mkdtempSync(join(tmpdir(), 'quire-medium-recycle-'));
    const updated = await media.update({ recycleBin, chmodFolder: '0775', deleteEmptyFolders: null, bogus: 1 });
    expect(updated).toEqual({ ...MEDIA_MANAGEMENT_CONFIG_DEFAULTS, id: 1, recycleBin, chmodFolder: '0775' });
    await media.update({ recycleBinCleanupDays: 30 });
    const stored = await store.get<Record<string, unknown>>(MEDIA_MANAGEMENT_CONFIG_KEY);
    expect(stored).toMatchObject({ recycleBin, chmodFolder: '0775', recycleBinCleanupDays: 30 });
    expect(stored).not.toHaveProperty('bogus');
  });

  it('an invalid section PUT stores nothing and names every failing field', async () => {
    const media = medium.get(MediaManagementConfigService);
    const error = await media
      .update({ recycleBin: '/does/not/exist', chmodFolder: '8888', minimumFreeSpaceWhenImporting: 5 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).failures.map((failure) => failure.propertyName)).toEqual([
      'RecycleBin',
      'ChmodFolder',
      'MinimumFreeSpaceWhenImporting',
    ]);
    expect(await store.get(MEDIA_MANAGEMENT_CONFIG_KEY)).toBeUndefined();

    const naming = medium.get(NamingConfigService);
    await expect(naming.update({ standardBookFormat: '{Author Name}' })).rejects.toBeInstanceOf(ValidationError);
    const saved = await naming.update({ renameBooks: true, authorFolderFormat: '{Author SortName}' });
    expect(saved).toMatchObject({ renameBooks: true, authorFolderFormat: '{Author SortName}', id: 1 });
    expect(await naming.load()).toMatchObject({ renameBooks: true, authorFolderFormat: '{Author SortName}' });
  });
});
