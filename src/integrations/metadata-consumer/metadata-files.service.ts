import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { mkdir, rename, copyFile, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AuthorEditedEvent } from '../../library/author/author.events';
import { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { writeFileAtomic } from './atomic-write';
import type { BookInfo } from './calibre-opf.metadata';
import { MetadataBookRow, MetadataFileRepository, MetadataFileRow } from './metadata-file.repository';
import { appliesTo, MetadataService } from './metadata.service';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A UUID-shaped id that stays the same for one edition, so an unchanged book writes an identical OPF. */
function stableUuid(seed: string): string {
  const hex = createHash('sha1').update(`quire:${seed}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function coverUrl(row: MetadataBookRow): string | undefined {
  const covers = (row.images ?? []).filter((image) => image.coverType.toLowerCase() === 'cover');
  for (const image of covers) {
    const url = image.remoteUrl ?? image.url;
    if (url && /^https?:\/\//i.test(url)) return url;
  }
  return undefined;
}

export function bookInfoOf(row: MetadataBookRow): BookInfo {
  return {
    title: row.editionTitle || row.bookTitle,
    authors: [{ name: row.authorName, sortName: row.authorNameLastFirst ?? undefined }],
    description: row.overview ?? undefined,
    publisher: row.publisher ?? undefined,
    releaseDate: row.editionReleaseDate ?? row.bookReleaseDate ?? undefined,
    language: row.language ?? undefined,
    isbn: row.isbn13 ?? undefined,
    asin: row.asin ?? undefined,
    foreignBookId: row.foreignBookId,
    uuid: stableUuid(row.foreignEditionId),
    genres: row.genres,
    series: row.seriesTitle ? { title: row.seriesTitle, position: row.seriesPosition ?? undefined } : undefined,
    coverUrl: coverUrl(row),
  };
}

/**
 * The files metadata consumers keep beside book files (Readarr's MetadataService over MetadataFiles): written when a
 * file is imported (skipped when the bytes are unchanged), moved with the book file when it is renamed, removed when
 * the book file leaves the library. Each is written atomically and recorded in
 * `metadata_file`; a consumer that fails is logged and the others still run.
 */
@Injectable()
export class MetadataFilesService {
  private readonly logger = new Logger(MetadataFilesService.name);

  constructor(
    private readonly consumers: MetadataService,
    private readonly files: MetadataFileRepository,
  ) {}

  /** Writes what every applicable consumer wants for these book files (or every file of these authors). */
  async write(filter: { bookFileIds?: number[]; authorIds?: number[] }): Promise<string[]> {
    const written: string[] = [];
    const consumers = await this.consumers.enabledConsumers();
    if (consumers.length === 0) return written;
    const rows = await this.files.books(filter);
    if (rows.length === 0) return written;
    const existing = await this.files.ofBookFiles(rows.map((row) => row.bookFileId));
    for (const row of rows) {
      const book = bookInfoOf(row);
      for (const { definition, provider, settings } of consumers.filter((c) =>
        appliesTo(c.definition, row.authorTags),
      )) {
        try {
          for (const file of await provider.filesFor(book, settings)) {
            const path = join(dirname(row.path), file.name);
            const hash = sha256(file.contents);
            const known = existing.find(
              (known) =>
                known.bookFileId === row.bookFileId &&
                known.consumer === definition.implementation &&
                known.type === file.type,
            );
            if (known && known.hash === hash && known.path === path) continue;
            await mkdir(dirname(path), { recursive: true });
            await writeFileAtomic(path, file.contents);
            if (known && known.path !== path && (await this.files.othersAt(known.path, [known.id])) === 0)
              await unlink(known.path).catch(() => undefined);
            await this.files.upsert({
              authorId: row.authorId,
              bookId: row.bookId,
              bookFileId: row.bookFileId,
              consumer: definition.implementation,
              type: file.type,
              path,
              hash,
            });
            written.push(path);
          }
        } catch (error) {
          this.logger.warn(
            `Metadata ${definition.name} failed for '${basename(row.path)}': ${(error as Error).message}`,
          );
        }
      }
    }
    return written;
  }

  /** Book files moved to new paths: their metadata files follow into the new folder. */
  async moved(files: { bookFileId: number; path: string }[]): Promise<void> {
    const tracked = await this.files.ofBookFiles(files.map((file) => file.bookFileId));
    for (const row of tracked) {
      const file = files.find((candidate) => candidate.bookFileId === row.bookFileId);
      if (!file) continue;
      const target = join(dirname(file.path), basename(row.path));
      if (target === row.path) continue;
      try {
        await mkdir(dirname(target), { recursive: true });
        // Another book file in the old folder still describes itself with this file: leave it there, copy it.
        if ((await this.files.othersAt(row.path, [row.id])) > 0) await copyFile(row.path, target);
        else await rename(row.path, target);
        await this.files.setPath(row.id, target);
        row.path = target;
      } catch (error) {
        this.logger.warn(`Could not move metadata file '${basename(row.path)}': ${(error as Error).message}`);
      }
    }
  }

  /** An author folder that moved took the metadata files along on disk; their rows follow (Readarr: AuthorRenamed). */
  @OnDomainEvent(AuthorEditedEvent.NAME)
  async onAuthorEdited(event: AuthorEditedEvent): Promise<void> {
    if (event.previousPath !== event.author.path) await this.files.followBookFiles(event.author.id);
  }

  /** A book file left the library: its metadata files go too, unless another book file still claims them. */
  @OnDomainEvent(BookFileDeletedEvent.NAME)
  async onBookFileDeleted(event: BookFileDeletedEvent): Promise<void> {
    const tracked = await this.files.ofBookFiles([event.bookFileId]);
    await this.remove(tracked);
  }

  private async remove(rows: MetadataFileRow[]): Promise<void> {
    for (const row of rows) {
      if ((await this.files.othersAt(row.path, [row.id])) === 0) await unlink(row.path).catch(() => undefined);
    }
    await this.files.delete(rows.map((row) => row.id));
  }
}
