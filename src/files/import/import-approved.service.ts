import { Injectable, Logger } from '@nestjs/common';
import { readdir, unlink, utimes } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { qualityById } from '../../library/profile/quality/quality';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { exists, transferFile, type TransferMode } from '../organizer/disk-transfer';
import { FileNameBuilder } from '../organizer/file-name-builder.service';
import { NamingContextRepository, toNamingContext } from '../organizer/naming-context.repository';
import type { ImportDecision } from './import-decision.types';
import type { ImportSource } from './import-source';
import { ImportedFileRecorder } from './imported-file-recorder';
import { UpgradedFileRetirer } from './upgraded-file-retirer';

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
    private readonly mediaManagement: MediaManagementConfigService,
    private readonly retirer: UpgradedFileRetirer,
    private readonly recorder: ImportedFileRecorder,
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
    for (const old of replaced.filter((file) => file.path === destination)) await this.retirer.retire(old);
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
    for (const old of replaced.filter((file) => file.path !== destination)) await this.retirer.retire(old);
    const bookFileId = await this.recorder.record(decision, source, {
      path: destination,
      editionId: row.editionId,
      bookTitle: row.editionTitle || book.bookTitle,
      isUpgrade: replaced.length > 0,
    });
    return { decision, imported: true, path: destination, bookFileId };
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
}
