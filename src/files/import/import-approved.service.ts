import { Injectable, Logger } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { readdir, unlink, utimes } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import { BookFileRepository } from '../../library/book-file/book-file.repository';
import { BookFileService } from '../../library/book-file/book-file.service';
import { qualityModel } from '../../acquisition/parser/quality-model';
import { qualityById } from '../../library/profile/quality/quality';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { exists, transferFile, type TransferMode } from '../organizer/disk-transfer';
import { FileHistoryService } from '../organizer/file-history.service';
import { FileNameBuilder } from '../organizer/file-name-builder.service';
import { RecycleBinService } from '../organizer/recycle-bin.service';
import { NamingContextRepository, toNamingContext } from '../organizer/naming-context.repository';
import type { ImportDecision } from './import-decision.types';
import { BookImportedEvent } from './import.events';

export type ImportModeName = 'auto' | 'move' | 'copy';

export interface ImportSource {
  downloadId?: string;
  downloadClient?: string;
  /** Release title (`{Original Title}`, history `sourceTitle`). */
  title?: string;
  releaseGroup?: string | null;
  indexer?: string | null;
  /** Torrents keep seeding: `auto` copies or hard-links them; everything else is moved. */
  protocol?: string;
  mode: ImportModeName;
}

export interface ImportResult {
  decision: ImportDecision;
  imported: boolean;
  path?: string;
  bookFileId?: number;
  error?: string;
}

/** Moves/copies/links approved files into the library, records them, and retires the files they upgrade. */
@Injectable()
export class ImportApprovedService {
  private readonly logger = new Logger(ImportApprovedService.name);

  constructor(
    private readonly names: FileNameBuilder,
    private readonly namingRows: NamingContextRepository,
    private readonly bookFiles: BookFileService,
    private readonly history: FileHistoryService,
    private readonly mediaManagement: MediaManagementConfigService,
    private readonly events: DomainEvents,
    private readonly recycleBin: RecycleBinService,
    private readonly bookFileRows: BookFileRepository,
  ) {}

  async import(decisions: ImportDecision[], source: ImportSource): Promise<ImportResult[]> {
    const [config, naming] = await Promise.all([this.mediaManagement.load(), this.names.config()]);
    const results: ImportResult[] = [];
    for (const decision of decisions) {
      try {
        results.push(await this.importOne(decision, source, config, naming));
      } catch (error) {
        const message = (error as Error).message;
        this.logger.warn(`Import of '${decision.path}' failed: ${message}`);
        results.push({ decision, imported: false, error: message });
      }
    }
    return results;
  }

  private transferMode(source: ImportSource, hardlinks: boolean): TransferMode {
    if (source.mode === 'move') return 'move';
    if (source.mode === 'copy') return hardlinks ? 'hardlink' : 'copy';
    if (source.protocol === 'torrent') return hardlinks ? 'hardlink' : 'copy';
    return 'move';
  }

  private async importOne(
    decision: ImportDecision,
    source: ImportSource,
    config: Awaited<ReturnType<MediaManagementConfigService['load']>>,
    naming: Awaited<ReturnType<FileNameBuilder['config']>>,
  ): Promise<ImportResult> {
    const book = decision.book!;
    const row = await this.namingRows.book(book.bookId, decision.editionId);
    if (!row) throw new Error(`Book ${book.bookId} no longer exists`);
    const ctx = toNamingContext(row);
    ctx.file = {
      qualityId: decision.qualityId,
      releaseGroup: source.releaseGroup,
      sceneName: source.title,
      originalFilePath: decision.path,
      part: decision.part,
      partCount: decision.partCount,
      mediaInfo: decision.info.mediaInfo,
    };
    const destination = this.names.bookFilePath(naming, ctx, book.authorPath, decision.path);
    const kind = qualityById(decision.qualityId)?.mediaKind;
    const replaced = book.files.filter((file) => file.mediaKind === kind && file.path !== decision.path);
    // A file being replaced that sits exactly where the new one goes must move out of the way first; the others
    // are retired only once the new file is in place.
    for (const old of replaced.filter((file) => file.path === destination)) await this.retire(old);
    const mode = this.transferMode(source, config.copyUsingHardlinks);
    try {
      await transferFile(decision.path, destination, mode, config);
    } catch (error) {
      if (mode !== 'move' && (await exists(destination))) await unlink(destination).catch(() => undefined);
      throw error;
    }
    if (config.fileDate === 'bookReleaseDate') {
      const released = row.editionReleaseDate ?? row.bookReleaseDate;
      if (released) await utimes(destination, new Date(released), new Date(released)).catch(() => undefined);
    }
    if (config.importExtraFiles)
      await this.importExtraFiles(decision.path, destination, mode, config.extraFileExtensions);
    for (const old of replaced.filter((file) => file.path !== destination)) await this.retire(old);
    const file = await this.bookFiles.create({
      path: destination,
      size: decision.size,
      editionId: row.editionId,
      qualityId: decision.qualityId,
      sceneName: source.title ?? null,
      releaseGroup: source.releaseGroup ?? null,
      originalFilePath: decision.path,
      mediaInfo: (decision.info.mediaInfo as Record<string, unknown> | undefined) ?? null,
      part: decision.part,
      partCount: decision.partCount,
    });
    await this.history.record({
      eventType: 'bookFileImported',
      authorId: book.authorId,
      bookId: book.bookId,
      sourceTitle: source.title ?? basename(decision.path),
      quality: qualityModel(decision.qualityId),
      downloadId: source.downloadId,
      data: {
        droppedPath: decision.path,
        importedPath: destination,
        fileId: String(file.id),
        downloadClient: source.downloadClient,
        downloadClientName: source.downloadClient,
        releaseGroup: source.releaseGroup ?? undefined,
        indexer: source.indexer ?? undefined,
        size: String(decision.size),
      },
    });
    await this.events.emitAsync(
      BookImportedEvent.NAME,
      new BookImportedEvent({
        authorId: book.authorId,
        bookId: book.bookId,
        bookFileId: file.id,
        path: destination,
        sourcePath: decision.path,
        qualityId: decision.qualityId,
        isUpgrade: replaced.length > 0,
        downloadId: source.downloadId,
        authorName: book.authorName,
        bookTitle: row.editionTitle || book.bookTitle,
      }),
    );
    return { decision, imported: true, path: destination, bookFileId: file.id };
  }

  /** `importExtraFiles`: files beside the book with one of `extraFileExtensions` follow it (same transfer mode). */
  private async importExtraFiles(source: string, destination: string, mode: TransferMode, extensions: string) {
    const wanted = new Set(
      extensions
        .split(/[,\s]+/)
        .map((ext) => ext.trim().toLowerCase().replace(/^\.?/, '.'))
        .filter((ext) => ext.length > 1),
    );
    const entries = await readdir(dirname(source), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || !wanted.has(extname(entry.name).toLowerCase())) continue;
      const target = join(dirname(destination), entry.name);
      if (await exists(target)) continue;
      await transferFile(join(dirname(source), entry.name), target, mode).catch((error: Error) =>
        this.logger.warn(`Extra file '${entry.name}' not imported: ${error.message}`),
      );
    }
  }

  /** An upgraded file goes to the recycle bin when one is configured, else it is deleted; its row goes. */
  private async retire(file: { id: number; path: string }): Promise<void> {
    await this.recycleBin.recycleOrDelete(file.path);
    const owner = await this.bookFileRows.deleteReturningOwner(file.id);
    this.events.emit(
      BookFileDeletedEvent.NAME,
      new BookFileDeletedEvent(file.id, owner.bookId, owner.authorId, file.path, 'upgrade'),
    );
  }
}
