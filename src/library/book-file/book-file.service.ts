import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { BadRequestError, NotFoundError, ValidationError } from '../../platform/common/errors/domain-errors';
import { qualityById } from '../profile/quality/quality';
import { MediaFileDeletionService } from '../recycle-bin/media-file-deletion.service';
import { QualityProfileService } from '../profile/quality-profile/quality-profile.service';
import { BookFile, type MediaKind, type RevisionValue } from './book-file.entity';
import { BookFileDeletedEvent, BookFileMatchedEvent } from './book-file.events';
import { type BookFileRow, toBookFileResource } from './book-file.mapper';
import { type BookFileDeletionTarget, BookFileRepository } from './book-file.repository';
import type { BookFileListQuery, BookFileResource, QualityModel } from './book-file.resource';
import { type CutoffSets, cutoffSets } from './quality-cutoff';

export interface NewBookFile {
  path: string;
  size: number;
  editionId?: number | null;
  qualityId: number;
  revision?: Partial<RevisionValue>;
  modified?: Date;
  dateAdded?: Date;
  sceneName?: string | null;
  releaseGroup?: string | null;
  originalFilePath?: string | null;
  indexerFlags?: number;
  mediaInfo?: Record<string, unknown> | null;
  part?: number;
  partCount?: number;
}

/** Book files: projected reads, quality edits, deletion (row and file on disk), creation for importers. */
@Injectable()
export class BookFileService {
  constructor(
    private readonly repository: BookFileRepository,
    private readonly qualityProfiles: QualityProfileService,
    private readonly deletion: MediaFileDeletionService,
    private readonly events: DomainEvents,
  ) {}

  async list(query: BookFileListQuery): Promise<BookFileResource[]> {
    if (query.authorId !== undefined) return this.resources(this.repository.findRowsByAuthor(query.authorId));
    if (query.bookFileIds?.length) return this.resources(this.repository.findRowsByIds(query.bookFileIds));
    if (query.bookId?.length) return this.resources(this.repository.findRowsByBooks(query.bookId));
    if (query.unmapped) return this.resources(this.repository.findUnmappedRows());
    throw new BadRequestError('BadRequest: authorId, bookId, bookFileIds or unmapped must be provided');
  }

  async resource(id: number): Promise<BookFileResource> {
    const [file] = await this.resources(this.repository.findRowsByIds([id]));
    if (!file) throw new NotFoundError('Book file not found');
    return file;
  }

  private async resources(rows: Promise<BookFileRow[]>): Promise<BookFileResource[]> {
    const [files, cutoffs] = await Promise.all([rows, this.cutoffs()]);
    return files.map((row) => toBookFileResource(row, cutoffs));
  }

  async cutoffs(respectUpgradeAllowed = false): Promise<Map<number, CutoffSets>> {
    const profiles = await this.qualityProfiles.findAll();
    return new Map(profiles.map((profile) => [profile.id, cutoffSets(profile, respectUpgradeAllowed)]));
  }

  async setQuality(ids: number[], quality: QualityModel | undefined): Promise<void> {
    const id = quality?.quality?.id;
    const info = id === undefined ? undefined : qualityById(id);
    if (!info) throw ValidationError.of('quality', 'Unknown quality', quality?.quality);
    const existing = await this.repository.findByIds(ids);
    if (ids.length === 1 && existing.length === 0) throw new NotFoundError('Book file not found');
    for (const file of existing) {
      file.qualityId = info.id;
      file.mediaKind = info.mediaKind;
      file.qualityRevision = { ...file.qualityRevision, ...quality!.revision };
    }
    await this.repository.saveAll(existing);
  }

  async delete(id: number): Promise<void> {
    const [file] = await this.repository.findRowsByIds([id]);
    if (!file) throw new NotFoundError('Book file not found');
    await this.deleteMany([id]);
  }

  /**
   * Deletes the files (to the recycle bin when one is set) and their rows, one at a time: a file the bin cannot
   * take stops the delete with its row and the files after it untouched.
   */
  async deleteMany(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    for (const file of await this.repository.findDeletionTargets(ids)) {
      await this.deleteOne(file);
      this.events.emit(
        BookFileDeletedEvent.NAME,
        new BookFileDeletedEvent(file.id, file.bookId, file.authorId, file.path),
      );
      await this.deletion.removeEmptyFolders(file);
    }
  }

  /** Matches a file a rescan found to an edition and announces it (its tags may be written then), awaiting listeners. */
  async matchScanned(id: number, editionId: number): Promise<void> {
    await this.repository.mapToEdition(id, editionId);
    await this.events.emitAsync(BookFileMatchedEvent.NAME, new BookFileMatchedEvent(id));
  }

  /**
   * Forgets the rows of files a rescan found missing from disk; like Readarr, a file that was part of a book
   * announces `bookfile.deleted` (reason `missingFromDisk`), an unmapped one does not.
   */
  async forgetMissing(ids: number[]): Promise<void> {
    for (const file of await this.repository.deleteReturningOwners(ids)) {
      if (file.bookId === null) continue;
      this.events.emit(
        BookFileDeletedEvent.NAME,
        new BookFileDeletedEvent(file.id, file.bookId, file.authorId, file.path, 'missingFromDisk'),
      );
    }
  }

  /** Deleting a book with its files: the same per-file delete, without a file-deleted event per file. */
  async deleteFilesOfBook(bookId: number): Promise<void> {
    const files = await this.repository.findDeletionTargetsOfBook(bookId);
    for (const file of files) await this.deleteOne(file);
    for (const file of files) await this.deletion.removeEmptyFolders(file);
  }

  private async deleteOne(file: BookFileDeletionTarget): Promise<void> {
    await this.deletion.deleteFile(file);
    await this.repository.deleteByIds([file.id]);
  }

  /** Records a file (for importers and rescans); its media kind follows its quality. */
  async create(input: NewBookFile): Promise<BookFile> {
    const info = qualityById(input.qualityId);
    if (!info) throw ValidationError.of('quality', 'Unknown quality', input.qualityId);
    const kind: MediaKind = info.mediaKind;
    return this.repository.create({
      path: input.path,
      size: String(input.size),
      editionId: input.editionId ?? null,
      qualityId: info.id,
      qualityRevision: { version: 1, real: 0, isRepack: false, ...input.revision },
      mediaKind: kind,
      modified: input.modified ?? new Date(),
      dateAdded: input.dateAdded ?? new Date(),
      sceneName: input.sceneName ?? null,
      releaseGroup: input.releaseGroup ?? null,
      originalFilePath: input.originalFilePath ?? null,
      indexerFlags: input.indexerFlags ?? 0,
      mediaInfo: input.mediaInfo ?? null,
      part: input.part ?? 1,
      partCount: input.partCount ?? 1,
    });
  }
}
