import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { InjectDataSource } from '@nestjs/typeorm';
import { mkdir, mkdtemp, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, resolve } from 'node:path';
import { DataSource, QueryRunner } from 'typeorm';
import { APP_NAME, APP_VERSION } from '../../common/app-info';
import { BadRequestError, DomainError, NotFoundError } from '../../common/errors/domain-errors';
import { EnvService } from '../../env/env.service';
import { HostConfigService } from '../../settings/host/host-config.service';
import { BACKUP_NAME_PATTERN, backupId, backupName, BackupType, BackupTypeName } from './backup-files';
import { BackupResource } from './backup.resource';
import { BackupManifest, dumpDatabase, restoreDatabase, tableEntryName } from '../../database/database-dump';
import { InvalidArchiveError, readZip, writeZip } from './zip-archive';

export class UnsupportedMediaTypeError extends DomainError {
  readonly status = 415;
}

const MAX_RESTORE_BYTES = 4 * 1024 ** 3;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Backups are zips of a consistent database dump (every table but the log and the command queue, as JSON
 * lines, plus `manifest.json`); the settings are in the `config` table, so they travel with it.
 * A restore is applied at once, in one transaction, on the embedded and on an external PostgreSQL alike;
 * the answer still says `restartRequired: true` for Readarr clients, though no restart is needed.
 */
@Injectable()
export class BackupService {
  private readonly logger = new Logger(BackupService.name);

  constructor(
    private readonly env: EnvService,
    private readonly hostConfig: HostConfigService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async folder(type?: BackupTypeName): Promise<string> {
    const configured = (await this.hostConfig.load()).backupFolder || 'Backups';
    const root = isAbsolute(configured) ? configured : resolve(this.env.get('DATA_DIR'), configured);
    return type ? join(root, type) : root;
  }

  async create(type: BackupTypeName): Promise<BackupResource> {
    const folder = await this.folder(type);
    await mkdir(folder, { recursive: true });
    const work = await mkdtemp(join(folder, '.backup-'));
    try {
      const dump = await dumpDatabase(this.dataSource, work);
      const manifest: BackupManifest = {
        app: APP_NAME,
        format: 1,
        version: APP_VERSION,
        created: new Date().toISOString(),
        databaseType: 'postgreSQL',
        embedded: !this.env.get('DATABASE_URL'),
        ...dump,
      };
      const name = backupName(APP_VERSION, new Date());
      const partial = join(work, name);
      const files = Object.fromEntries(dump.tables.map((t) => [tableEntryName(t.name), join(work, `${t.name}.jsonl`)]));
      await writeZip(partial, files, { 'manifest.json': JSON.stringify(manifest, null, 2) });
      await rename(partial, join(folder, name));
      this.logger.log(`Backup ${type}/${name} written (${dump.tables.length} tables)`);
      if (type === 'scheduled') await this.cleanUp();
      return (await this.list()).find((backup) => backup.name === name && backup.type === type)!;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async list(): Promise<BackupResource[]> {
    const backups: BackupResource[] = [];
    const urlBase = this.env.get('URL_BASE');
    for (const type of BackupType.names) {
      const folder = await this.folder(type);
      for (const name of await readdir(folder).catch(() => [] as string[])) {
        if (!BACKUP_NAME_PATTERN.test(name)) continue;
        const stats = await stat(join(folder, name)).catch(() => undefined);
        if (!stats?.isFile()) continue;
        backups.push({
          id: backupId(type, name),
          name,
          path: `${urlBase}/backup/${type}/${name}`,
          type,
          size: stats.size,
          time: stats.mtime,
        });
      }
    }
    return backups.sort((a, b) => b.time.getTime() - a.time.getTime());
  }

  /** The file of a listed backup, checked to be a plain file inside its folder. */
  async file(id: number): Promise<{ backup: BackupResource; path: string }> {
    const backup = (await this.list()).find((candidate) => candidate.id === id);
    if (!backup) throw new NotFoundError(`Backup ${id} not found`);
    return { backup, path: join(await this.folder(backup.type as BackupTypeName), backup.name) };
  }

  /** For the download route `/backup/<type>/<name>`. */
  async fileByName(type: string, name: string): Promise<string> {
    const parsed = BackupType.parse(type);
    if (!parsed || /^\d+$/.test(type) || !BACKUP_NAME_PATTERN.test(name)) throw new NotFoundError('Backup not found');
    const folder = await this.folder(parsed);
    const path = join(folder, name);
    const real = await realpath(path).catch(() => undefined);
    const realFolder = await realpath(folder).catch(() => undefined);
    if (!real || !realFolder || real !== join(realFolder, name)) throw new NotFoundError('Backup not found');
    return real;
  }

  async delete(id: number): Promise<void> {
    const { path } = await this.file(id);
    await rm(path, { force: true });
  }

  async restore(id: number): Promise<void> {
    const { path } = await this.file(id);
    await this.restoreFile(path);
  }

  async restoreUpload(upload: { originalname: string; path: string } | undefined): Promise<void> {
    if (!upload) throw new BadRequestError('No backup file was uploaded');
    try {
      if (extname(upload.originalname).toLowerCase() !== '.zip')
        throw new UnsupportedMediaTypeError(
          `Invalid extension: ${extname(upload.originalname) || '(none)'}; expected .zip`,
        );
      await this.restoreFile(upload.path);
    } finally {
      await rm(upload.path, { force: true });
    }
  }

  async discardUploads(uploads: { path: string }[]): Promise<void> {
    for (const upload of uploads) await rm(upload.path, { force: true });
  }

  /** Validates the whole archive before touching the database; a bad archive is a 400 and changes nothing. */
  private async restoreFile(path: string): Promise<void> {
    const { manifest, rows } = await this.readArchive(path);
    try {
      await restoreDatabase(
        this.dataSource,
        manifest,
        (table) => rows.get(table) ?? [],
        (runner) => this.keepEnvironmentApiKey(runner),
      );
    } catch (error) {
      throw new BadRequestError(`Restore failed, nothing was changed: ${(error as Error).message}`);
    }
    this.logger.log(`Restored backup made by ${manifest.app} ${manifest.version} on ${manifest.created}`);
  }

  private async readArchive(path: string): Promise<{ manifest: BackupManifest; rows: Map<string, unknown[]> }> {
    let entries: Map<string, Buffer>;
    try {
      entries = await readZip(path, MAX_RESTORE_BYTES);
    } catch (error) {
      if (error instanceof InvalidArchiveError)
        throw new BadRequestError(`Not a valid backup archive: ${error.message}`);
      throw error;
    }
    const manifest = parseManifest(entries.get('manifest.json'));
    const known = new Set(this.dataSource.migrations.map((migration) => migration.name));
    const unknown = manifest.migrations.filter((name) => !known.has(name));
    if (unknown.length)
      throw new BadRequestError(`The backup was made by a newer Quire (unknown migrations: ${unknown.join(', ')})`);
    const rows = new Map<string, unknown[]>();
    for (const table of manifest.tables) {
      const data = entries.get(tableEntryName(table.name));
      if (!data) throw new BadRequestError(`Corrupt backup: ${tableEntryName(table.name)} is missing`);
      if (createHash('sha256').update(data).digest('hex') !== table.sha256)
        throw new BadRequestError(`Corrupt backup: ${tableEntryName(table.name)} does not match its checksum`);
      const lines = data.toString('utf8').split('\n').filter(Boolean);
      if (lines.length !== table.rows) throw new BadRequestError(`Corrupt backup: row count of ${table.name} differs`);
      rows.set(
        table.name,
        lines.map((line) => parseRow(line, table.name)),
      );
    }
    return { manifest, rows };
  }

  /** When API_KEY is set in the environment it stays the key, whatever the backup holds. */
  private async keepEnvironmentApiKey(runner: QueryRunner): Promise<void> {
    const key = this.env.get('API_KEY');
    if (!key) return;
    await runner.query(
      // Only when it differs: an identical UPDATE would still move the row (and change the next dump's order).
      `INSERT INTO config (key, value) VALUES ('apiKey', $1::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value WHERE config.value IS DISTINCT FROM EXCLUDED.value`,
      [JSON.stringify(key)],
    );
  }

  /** Scheduled backups older than the host config's backupRetention (days) are deleted. */
  private async cleanUp(): Promise<void> {
    const retentionDays = (await this.hostConfig.load()).backupRetention;
    const cutoff = Date.now() - retentionDays * DAY_MS;
    for (const backup of await this.list()) {
      if (backup.type !== 'scheduled' || backup.time.getTime() >= cutoff) continue;
      await rm(join(await this.folder('scheduled'), backup.name), { force: true });
      this.logger.log(`Deleted old scheduled backup ${backup.name}`);
    }
  }
}

function parseManifest(data: Buffer | undefined): BackupManifest {
  if (!data) throw new BadRequestError('Not a Quire backup: manifest.json is missing');
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(data.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BadRequestError('Not a Quire backup: manifest.json is not valid JSON');
  }
  const valid =
    manifest.app === APP_NAME &&
    manifest.format === 1 &&
    Array.isArray(manifest.migrations) &&
    Array.isArray(manifest.tables) &&
    manifest.tables.every(
      (table) =>
        typeof table?.name === 'string' &&
        Array.isArray(table.columns) &&
        typeof table.rows === 'number' &&
        typeof table.sha256 === 'string',
    );
  if (!valid) throw new BadRequestError('Not a Quire backup: unexpected manifest');
  return manifest as BackupManifest;
}

function parseRow(line: string, table: string): unknown {
  try {
    const row = JSON.parse(line) as unknown;
    if (row && typeof row === 'object' && !Array.isArray(row)) return row;
  } catch {
    // reported below
  }
  throw new BadRequestError(`Corrupt backup: a row of ${table} is not a JSON object`);
}
