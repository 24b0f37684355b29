import { Injectable } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CommandHandler, type CommandContext, type CommandHandlerInstance } from '../../platform/command';
import { ReadarrMigrator } from './readarr-migrator.service';
import { MigrationReportRepository } from './report/migration-report.repository';

export const MIGRATE_FROM_READARR = 'MigrateFromReadarr';

export interface MigrateFromReadarrBody {
  databasePath?: string;
  displayName?: string;
  dryRun?: boolean;
}

/** Progress is written to the command's `message` at most this often (each write is an UPDATE). */
const PROGRESS_INTERVAL_MS = 250;

/**
 * Runs a migration uploaded through `POST /api/v1/migration/readarr`. Exclusive: nothing else (no RSS sync,
 * no search) runs beside it. The uploaded copy is deleted afterwards; the report stays.
 */
@Injectable()
@CommandHandler(MIGRATE_FROM_READARR, { exclusive: true, sendUpdatesToClient: true })
export class MigrateFromReadarrHandler implements CommandHandlerInstance<MigrateFromReadarrBody> {
  constructor(
    private readonly migrator: ReadarrMigrator,
    private readonly reports: MigrationReportRepository,
  ) {}

  async execute(body: MigrateFromReadarrBody, context: CommandContext): Promise<string> {
    if (!body.databasePath) throw new Error('MigrateFromReadarr needs the uploaded database');
    const dryRun = body.dryRun !== false;
    let last = 0;
    try {
      const report = await this.migrator.migrate(
        { databasePath: body.databasePath, displayName: body.displayName ?? 'readarr.db' },
        dryRun,
        async (message, fraction) => {
          const now = Date.now();
          if (now - last < PROGRESS_INTERVAL_MS && fraction < 1) return;
          last = now;
          await context.progress(`${message} (${Math.round(fraction * 100)}%)`);
        },
      );
      await this.reports.save(context.commandId, report);
      const { authors, books, bookFiles } = report.counts;
      return (
        `${dryRun ? 'Dry run' : 'Migration'} finished: ${authors.found} authors, ${books.found} books ` +
        `(${books.unmatched} unmatched), ${bookFiles.imported + bookFiles.merged} of ${bookFiles.found} files`
      );
    } finally {
      await rm(dirname(body.databasePath), { recursive: true, force: true });
    }
  }
}
