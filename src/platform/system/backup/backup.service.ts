import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { OnDomainEvent } from '../../common/events/domain-events';
import { HousekeepingEvent } from '../../command/handlers/housekeeping.event';
import { mkdir, mkdtemp, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, resolve } from 'node:path';
import { APP_NAME, APP_VERSION } from '../../common/app-info';
import { BadRequestError, DomainError, NotFoundError } from '../../common/errors/domain-errors';
import { EnvService } from '../../env/env.service';
import { HostConfigService } from '../../auth/host-config/host-config.service';
import { BACKUP_NAME_PATTERN, backupId, backupName, BackupType, BackupTypeName } from './backup-files';
import { BackupResource } from './backup.resource';
import { DatabaseBackup } from '../../database/database-backup';
import { BackupManifest, tableEntryName } from '../../database/database-dump';
import { writeZip, ZipReader } from './zip-archive';
import { archiveError, MAX_ARCHIVE_ENTRIES, rowChunks, validateArchive } from './backup-archive';

export class UnsupportedMediaTypeError extends DomainError {
  readonly status = 415;
}

const DAY_MS = 24 * 3600 * 1000;
const WORK_FOLDER_PREFIX = '.backup-';
const STALE_WORK_FOLDER_MS = 15 * 60 * 1000;

/** The newest modification time of a folder and the files directly in it (epoch ms; 0 when unreadable). */
async function lastWrite(folder: string): Promise<number> {
  let newest = (await stat(folder).catch(() => undefined))?.mtimeMs ?? 0;
  for (const name of await readdir(folder).catch(() => [] as string[]))
    newest = Math.max(newest, (await stat(join(folder, name)).catch(() => undefined))?.mtimeMs ?? 0);
  return newest;
}

/**
 * Backups are zips of a consistent database dump (every table but the log and the command queue, as JSON
 * lines, plus `manifest.json`); the settings are in the `config` table, so they travel with it.
 * A restore is applied at once, in one transaction, on the embedded and on an external PostgreSQL alike;
 * the answer still says `restartRequired: true` for Readarr clients, though no restart is needed.
 */
@Injectable()
export class BackupService implements OnApplicationBootstrap {
  private readonly logger = new Logger(BackupService.name);

  constructor(
    private readonly env: EnvService,
    private readonly hostConfig: HostConfigService,
    private readonly database: DatabaseBackup,
  ) {}

  /** A backup killed mid-run leaves its `.backup-*` work folder behind: start-up and Housekeeping remove it. */
  onApplicationBootstrap(): void {
    void this.removeStaleWorkFolders().catch((error: unknown) =>
      this.logger.warn(`Removing leftover backup work folders failed: ${String(error)}`),
    );
  }

  @OnDomainEvent(HousekeepingEvent.NAME, { async: true, promisify: true })
  async removeStaleWorkFolders(): Promise<number> {
    let removed = 0;
    for (const type of BackupType.names) {
      const folder = await this.folder(type);
      for (const name of await readdir(folder).catch(() => [] as string[])) {
        if (!name.startsWith(WORK_FOLDER_PREFIX)) continue;
        const path = join(folder, name);
        // Another process sharing DATA_DIR may be writing this one now: only folders idle for a while go.
        if (Date.now() - (await lastWrite(path)) < STALE_WORK_FOLDER_MS) continue;
        await rm(path, { recursive: true, force: true });
        removed++;
        this.logger.log(`Removed the leftover backup work folder ${type}/${name}`);
      }
    }
    return removed;
  }

  async folder(type?: BackupTypeName): Promise<string> {
    const configured = (await this.hostConfig.load()).backupFolder || 'Backups';
    const root = isAbsolute(configured) ? configured : resolve(this.env.get('DATA_DIR'), configured);
    return type ? join(root, type) : root;
  }

  async create(type: BackupTypeName): Promise<BackupResource> {
    const folder = await this.folder(type);
    await mkdir(folder, { recursive: true });
    const work = await mkdtemp(join(folder, WORK_FOLDER_PREFIX));
    try {
      const dump = await this.database.dump(work);
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

  /**
   * Two streaming passes over the archive, entry by entry, never holding one whole in memory: the first checks
   * every table entry against the manifest (size cap, checksum, row count, JSON rows) before the database is
   * touched, so a bad, foreign or bomb archive is a 400 and changes nothing; the second feeds the rows to the
   * restore transaction in chunks (and checks the checksums again: any difference rolls everything back).
   */
  private async restoreFile(path: string): Promise<void> {
    const zip = await this.openArchive(path);
    try {
      const manifest = await validateArchive(zip, this.database.knownMigrations());
      try {
        // When API_KEY is set in the environment it stays the key, whatever the backup holds.
        await this.database.restore(
          manifest,
          (table, chunkSize) => rowChunks(zip, manifest, table, chunkSize),
          this.env.get('API_KEY') || undefined,
        );
      } catch (error) {
        throw new BadRequestError(`Restore failed, nothing was changed: ${(error as Error).message}`);
      }
      this.logger.log(`Restored backup made by ${manifest.app} ${manifest.version} on ${manifest.created}`);
    } finally {
      zip.close();
    }
  }

  private async openArchive(path: string): Promise<ZipReader> {
    try {
      return await ZipReader.open(path, MAX_ARCHIVE_ENTRIES);
    } catch (error) {
      throw archiveError(error);
    }
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
