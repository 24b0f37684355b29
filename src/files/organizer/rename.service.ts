import { Injectable, Logger } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { dirname } from 'node:path';
import { BookFileRepository } from '../../library/book-file/book-file.repository';
import { BadRequestError } from '../../platform/common/errors/domain-errors';
import { qualityModel } from '../../acquisition/parser/quality-model';
import { transferFile, removeEmptyFolders } from './disk-transfer';
import { FileHistoryService } from './file-history.service';
import { FileNameBuilder } from './file-name-builder.service';
import { NamingContextRepository, type NamingRow, toNamingContext } from './naming-context.repository';
import { BookFilesRenamedEvent, type RenamedBookFile } from './organizer.events';
import type { RenameBookResource } from './rename.resource';

export interface RenamePlan {
  row: NamingRow;
  existingPath: string;
  newPath: string;
}

/** Rename preview and the RenameFiles/RenameAuthor work: both use `plan`, so the preview is what happens. */
@Injectable()
export class RenameService {
  private readonly logger = new Logger(RenameService.name);

  constructor(
    private readonly rows: NamingContextRepository,
    private readonly names: FileNameBuilder,
    private readonly history: FileHistoryService,
    private readonly events: DomainEvents,
    private readonly bookFiles: BookFileRepository,
  ) {}

  async plan(filter: { authorIds?: number[]; bookIds?: number[]; bookFileIds?: number[] }): Promise<RenamePlan[]> {
    const [rows, config] = await Promise.all([this.rows.filesOf(filter), this.names.config()]);
    return rows.flatMap((row) => {
      const newPath = this.names.bookFilePath(config, toNamingContext(row), row.authorPath, row.path!);
      return newPath === row.path ? [] : [{ row, existingPath: row.path!, newPath }];
    });
  }

  async preview(authorId: number | undefined, bookId: number | undefined): Promise<RenameBookResource[]> {
    if (authorId === undefined) throw new BadRequestError('BadRequest: authorId is required');
    const plans = await this.plan({ authorIds: [authorId], bookIds: bookId === undefined ? undefined : [bookId] });
    return plans.map((plan) => ({
      authorId: plan.row.authorId,
      bookId: plan.row.bookId,
      bookFileId: plan.row.bookFileId!,
      existingPath: plan.existingPath,
      newPath: plan.newPath,
    }));
  }

  /** Renames the planned files; answers how many were renamed. Failures are logged, the rest go on. */
  async execute(plans: RenamePlan[], progress?: (message: string) => Promise<void>): Promise<number> {
    const renamed: RenamedBookFile[] = [];
    for (const plan of plans) {
      try {
        await transferFile(plan.existingPath, plan.newPath, 'move');
        if (plan.row.bookFileId !== null) await this.bookFiles.setPath(plan.row.bookFileId, plan.newPath);
        await removeEmptyFolders(dirname(plan.existingPath), plan.row.authorPath);
        await this.history.record({
          eventType: 'bookFileRenamed',
          authorId: plan.row.authorId,
          bookId: plan.row.bookId,
          sourceTitle: plan.existingPath,
          quality: qualityModel(plan.row.qualityId ?? 0, plan.row.qualityRevision ?? undefined),
          data: { sourcePath: plan.existingPath, path: plan.newPath },
        });
        renamed.push({
          bookFileId: plan.row.bookFileId,
          authorId: plan.row.authorId,
          bookId: plan.row.bookId,
          previousPath: plan.existingPath,
          path: plan.newPath,
        });
        await progress?.(`Renamed ${renamed.length} of ${plans.length} files`);
      } catch (error) {
        this.logger.warn(`Could not rename '${plan.existingPath}': ${(error as Error).message}`);
      }
    }
    if (renamed.length > 0) this.events.emit(BookFilesRenamedEvent.NAME, new BookFilesRenamedEvent(renamed));
    return renamed.length;
  }
}
