import { Injectable } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import type { BookFile } from '../../../library/book-file/book-file.entity';
import { BookFileRepository } from '../../../library/book-file/book-file.repository';
import { qualityById, type MediaKind } from '../../../library/profile/quality/quality';
import { TransactionRunner } from '../../../platform/database/transaction';
import type { IdMap, MigrationContext } from '../migration-context';
import { readFilesWithoutBook, type LibraryChunk, type RBookFile } from '../readarr/readarr-library';
import type { LibraryOverlay } from './library-overlay';

/** How many files are looked at on disk at once. */
const STAT_CONCURRENCY = 32;

/** An audiobook instance shows in its qualities (10-13) and in audio media info; Readarr has no kind column. */
export function mediaKindOf(file: Pick<RBookFile, 'quality' | 'mediaInfo'>): MediaKind {
  return qualityById(file.quality.quality)?.mediaKind ?? (file.mediaInfo ? 'audio' : 'ebook');
}

/**
 * Book files: each checked on disk (a missing file is reported, never invented; the size is the one on disk).
 * One book keeps one file (set) per media kind: an ebook from one instance and an audiobook from the other end
 * up on the same book; a second file set of a kind the book already has is left out and listed as a conflict.
 * A file already known by its path is the same file (merged).
 */
@Injectable()
export class BookFilesStep {
  constructor(
    private readonly bookFiles: BookFileRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  /** One chunk's files (those of its editions). */
  async run(
    ctx: MigrationContext,
    chunk: LibraryChunk,
    bookIds: IdMap,
    editionIds: IdMap,
    overlay: LibraryOverlay,
  ): Promise<void> {
    const files = chunk.files;
    const bookOfEdition = new Map<number, number>();
    for (const [bookId, list] of chunk.editions) for (const edition of list) bookOfEdition.set(edition.id, bookId);
    ctx.report.found('bookFiles', files.length);
    const quireBook = (file: RBookFile) => bookIds.get(bookOfEdition.get(file.editionId) ?? 0);

    const quireBookIds = files.map(quireBook).filter((id): id is number => id !== undefined && id > 0);
    const known = await this.bookFiles.findByPathsOrBooks(
      files.map((file) => file.path),
      quireBookIds,
    );
    // Paths are unique in a readarr.db: a file known by path was written by an earlier run, never by this one.
    const knownPaths = new Set(known.map((file) => file.path));
    /** `bookId|kind` → a path of the file set the book has (or gets) of that kind. */
    const sets = new Map(overlay.fileSets);
    for (const file of known) if (file.bookId !== null) sets.set(`${file.bookId}|${file.mediaKind}`, file.path);

    const sizes = await statAll(files.map((file) => file.path));
    const groups = new Map<string, RBookFile[]>();
    for (const file of files) {
      const bookId = quireBook(file);
      const editionId = editionIds.get(file.editionId);
      if (bookId === undefined || editionId === undefined) {
        ctx.report.count('bookFiles', 'skipped');
        ctx.report.unmatched('bookFiles', {
          kind: 'bookFile',
          readarrId: file.id,
          title: file.path,
          foreignId: null,
          reason: 'Its book is not in the Readarr library',
        });
        continue;
      }
      if (knownPaths.has(file.path)) {
        ctx.report.count('bookFiles', 'merged');
        continue;
      }
      if (sizes.get(file.path) === undefined) {
        ctx.report.count('bookFiles', 'skipped');
        ctx.report.unmatched('bookFiles', {
          kind: 'bookFile',
          readarrId: file.id,
          title: file.path,
          foreignId: null,
          reason: 'File not found on disk',
        });
        continue;
      }
      const key = `${bookId}|${mediaKindOf(file)}`;
      groups.set(key, [...(groups.get(key) ?? []), file]);
    }

    const rows: Partial<BookFile>[] = [];
    for (const [key, group] of groups) {
      const current = sets.get(key);
      if (current !== undefined) {
        ctx.report.count('bookFiles', 'skipped', group.length);
        for (const file of group)
          ctx.report.conflict({
            kind: 'bookFiles',
            readarrId: file.id,
            title: file.path,
            field: 'mediaKind',
            existing: current,
            incoming: file.path,
            resolution: `the book already has a ${key.split('|')[1]} file: kept the existing one`,
          });
        continue;
      }
      overlay.fileSets.set(key, group[0].path);
      ctx.report.count('bookFiles', 'imported', group.length);
      for (const file of group)
        rows.push({
          editionId: editionIds.get(file.editionId)!,
          path: file.path,
          size: String(sizes.get(file.path)),
          modified: file.modified ?? new Date(),
          dateAdded: file.dateAdded ?? new Date(),
          originalFilePath: file.originalFilePath,
          sceneName: file.sceneName,
          releaseGroup: file.releaseGroup,
          qualityId: file.quality.quality,
          qualityRevision: file.quality.revision,
          mediaKind: mediaKindOf(file),
          indexerFlags: file.indexerFlags,
          mediaInfo: file.mediaInfo,
          calibreId: file.calibreId,
          part: file.part,
          partCount: group.length,
        });
    }
    if (ctx.dryRun || !rows.length) return;
    await this.transactions.run((tx) => this.bookFiles.insertMany(tx, rows as never[]));
  }

  /** Files of no edition of a library book: skipped, each listed. */
  skipFilesWithoutBook(ctx: MigrationContext): void {
    for (const file of readFilesWithoutBook(ctx.source)) {
      ctx.report.found('bookFiles');
      ctx.report.count('bookFiles', 'skipped');
      ctx.report.unmatched('bookFiles', {
        kind: 'bookFile',
        readarrId: file.id,
        title: file.path,
        foreignId: null,
        reason: 'Its book is not in the Readarr library',
      });
    }
  }
}

/** Path → size on disk, for the paths that are regular files. */
async function statAll(paths: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++];
      try {
        const info = await stat(path);
        if (info.isFile()) sizes.set(path, info.size);
      } catch {
        // Missing or unreadable: reported by the caller.
      }
    }
  };
  await Promise.all(Array.from({ length: STAT_CONCURRENCY }, worker));
  return sizes;
}
