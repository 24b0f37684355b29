import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, copyFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CommandQueueService } from '../../platform/command';
import type { CommandEntity } from '../../platform/command/command.entity';
import { NotFoundError, ValidationError } from '../../platform/common/errors/domain-errors';
import { EnvService } from '../../platform/env/env.service';
import { MIGRATE_FROM_READARR } from './migrate-from-readarr.handler';
import { ReadarrDatabase, UnreadableSourceError } from './readarr/readarr-database.repository';
import { extractBackup, sniffUpload } from './readarr/readarr-upload';
import type { MigrationReport } from './report/migration-report';
import { MigrationReportRepository } from './report/migration-report.repository';

export interface UploadedSource {
  path: string;
  originalname: string;
}

/**
 * Accepts a readarr.db or a Readarr backup zip, checks it before anything is queued (a file that is not a
 * Readarr library, a damaged one or a hostile zip is a 400 and leaves nothing behind), keeps a private copy
 * under DATA_DIR/migrations and queues the MigrateFromReadarr command.
 */
@Injectable()
export class MigrationService {
  constructor(
    private readonly env: EnvService,
    private readonly queue: CommandQueueService,
    private readonly reports: MigrationReportRepository,
  ) {}

  async startReadarr(file: UploadedSource | undefined, dryRun: boolean): Promise<CommandEntity> {
    if (!file) throw ValidationError.of('file', 'Upload a readarr.db or a Readarr backup zip in the field "file"');
    const folder = join(this.env.get('DATA_DIR'), 'migrations', randomUUID());
    try {
      const databasePath = await this.prepare(file, folder);
      return await this.queue.enqueue(
        MIGRATE_FROM_READARR,
        { databasePath, displayName: basename(file.originalname || 'readarr.db'), dryRun },
        { trigger: 'manual' },
      );
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      if (error instanceof UnreadableSourceError) throw ValidationError.of('file', error.message, file.originalname);
      throw error;
    } finally {
      await rm(file.path, { force: true });
    }
  }

  async report(commandId: number): Promise<MigrationReport> {
    const report = await this.reports.find(commandId);
    if (!report)
      throw new NotFoundError(`No migration report for command ${commandId} (not a migration, or not finished)`);
    return report;
  }

  /** Puts the database into `folder` and checks it is a readable Readarr library; returns its path. */
  private async prepare(file: UploadedSource, folder: string): Promise<string> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const databasePath = join(folder, 'readarr.db');
    if ((await sniffUpload(file.path)) === 'zip') await extractBackup(file.path, databasePath);
    else await rename(file.path, databasePath).catch(() => copyFile(file.path, databasePath));
    (await ReadarrDatabase.open(await readFile(databasePath))).close();
    return databasePath;
  }
}
