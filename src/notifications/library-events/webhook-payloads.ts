import { Injectable } from '@nestjs/common';
import type { AuthorDeletedEvent } from '../../library/author/author.events';
import type { BookDeletedEvent } from '../../library/book/book.events';
import type { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import type { BookImportedEvent, DownloadImportFailedEvent } from '../../files/import/import.events';
import type { AuthorAddCompletedEvent } from '../../metadata/source/refresh/refresh.events';
import type { BookFileRetaggedEvent, RenamedBookFile } from '../../files/organizer/organizer.events';
import { qualityById } from '../../library/profile/quality/quality';
import { formatDate } from '../../platform/common/wire/json-replacer';
import type { BookGrabbedEvent, DownloadFailedEvent } from '../../acquisition/queue/download.events';
import type { HealthCheckResult } from '../../platform/common/health/health-check';
import { WebhookPayloadRepository } from './webhook-payload.repository';
import type { WebhookAuthor, WebhookBook, WebhookPayloadFields } from './webhook-payload.types';

/**
 * The fields of Readarr's webhook payload for each event, besides `eventType` and `instanceName` (the connection
 * adds those): the author, books and files as the library has them when the event happens. Connections that send
 * Readarr's payload (Webhook, Notifiarr) read them from the event's data, so a retry sends what the first attempt
 * did. An entity the event is about that is already gone (a deleted book's row) is described by what the event
 * carries.
 */
@Injectable()
export class WebhookPayloads {
  constructor(private readonly rows: WebhookPayloadRepository) {}

  async grab({ init }: BookGrabbedEvent): Promise<WebhookPayloadFields> {
    const client = await this.rows.downloadClient(init.downloadClientId);
    return {
      author: await this.author(init.authorId, init.authorName),
      books: await this.books(init.bookIds, init.bookTitles),
      release: {
        quality: init.quality.quality.name,
        qualityVersion: init.quality.revision.version,
        releaseGroup: init.release.releaseGroup || undefined,
        releaseTitle: init.release.title,
        indexer: init.release.indexer,
        size: init.release.size,
        customFormatScore: init.customFormatScore,
        customFormats: await this.rows.customFormatNames(init.customFormatIds),
      },
      downloadClient: init.downloadClient,
      downloadClientType: client?.type,
      downloadId: init.downloadId,
    };
  }

  /** Quire announces each imported file; the payload has that file (Readarr's `bookFiles` of one import). */
  async imported({ init }: BookImportedEvent): Promise<WebhookPayloadFields> {
    const client = await this.rows.downloadClientOf(init.downloadId);
    const [book] = await this.books([init.bookId], [init.bookTitle]);
    const files = await this.rows.bookFiles([init.bookFileId]);
    return {
      author: await this.author(init.authorId, init.authorName),
      book,
      bookFiles: files.length ? files : [{ id: init.bookFileId, path: init.path }],
      isUpgrade: init.isUpgrade,
      downloadClient: client?.name,
      downloadClientType: client?.type,
      downloadId: init.downloadId,
    };
  }

  async renamed(authorId: number, files: RenamedBookFile[]): Promise<WebhookPayloadFields> {
    const mine = files.filter((file) => file.authorId === authorId);
    const rows = new Map(
      (await this.rows.bookFiles(mine.flatMap((file) => (file.bookFileId === null ? [] : [file.bookFileId])))).map(
        (row) => [row.id, row],
      ),
    );
    return {
      author: await this.author(authorId),
      renamedBookFiles: mine.map((file) => ({
        ...(file.bookFileId === null
          ? { path: file.path }
          : (rows.get(file.bookFileId) ?? { id: file.bookFileId, path: file.path })),
        previousPath: file.previousPath,
      })),
    };
  }

  async authorAdded(event: AuthorAddCompletedEvent): Promise<WebhookPayloadFields> {
    return { author: await this.author(event.authorId, event.name) };
  }

  /** The author's row is gone: the event has what Readarr's payload names. */
  authorDeleted(event: AuthorDeletedEvent): WebhookPayloadFields {
    const author: WebhookAuthor = {
      id: event.authorId,
      name: event.name,
      path: event.path,
      goodreadsId: event.foreignAuthorId,
    };
    return { author, deletedFiles: event.deleteFiles };
  }

  async bookDeleted(event: BookDeletedEvent): Promise<WebhookPayloadFields> {
    const book: WebhookBook = { id: event.bookId, goodreadsId: event.foreignBookId, title: event.title };
    return { author: await this.author(event.authorId), book, deletedFiles: event.deleteFiles };
  }

  async bookFileDeleted(event: BookFileDeletedEvent): Promise<WebhookPayloadFields> {
    const [book] = event.bookId === null ? [] : await this.rows.books([event.bookId]);
    return {
      author: await this.author(event.authorId),
      book,
      bookFile: { id: event.bookFileId, path: event.path },
    };
  }

  /** Readarr's `level` is the issue's type, its `type` the check that found it. */
  health(issue: HealthCheckResult): WebhookPayloadFields {
    return { level: issue.type, message: issue.message, type: issue.source, wikiUrl: issue.wikiUrl };
  }

  retagged({ init }: BookFileRetaggedEvent): WebhookPayloadFields {
    const { author, bookFile } = init;
    return {
      author: { id: author.id, name: author.name, path: author.path, goodreadsId: author.foreignAuthorId },
      bookFile: {
        id: bookFile.id,
        path: bookFile.path,
        quality: qualityById(bookFile.qualityId)?.name ?? 'Unknown',
        qualityVersion: bookFile.qualityRevision?.version ?? 1,
        releaseGroup: bookFile.releaseGroup ?? undefined,
        sceneName: bookFile.sceneName ?? undefined,
        size: bookFile.size,
        dateAdded: bookFile.dateAdded ? formatDate(new Date(bookFile.dateAdded)) : undefined,
      },
    };
  }

  /** Readarr's webhook has no download-failure event; Quire sends the grab's facts with the reason. */
  async downloadFailed({ init }: DownloadFailedEvent): Promise<WebhookPayloadFields> {
    const client = await this.rows.downloadClient(init.downloadClientId);
    return {
      author: await this.author(init.authorId),
      books: await this.books(init.bookIds),
      sourceTitle: init.sourceTitle,
      quality: init.quality.quality.name,
      downloadClient: init.downloadClient ?? client?.name,
      downloadClientType: client?.type,
      downloadId: init.downloadId,
      message: init.message,
    };
  }

  /** Readarr's webhook has no import-failure event; Quire sends the download's facts with the reasons. */
  async importFailed({ init }: DownloadImportFailedEvent): Promise<WebhookPayloadFields> {
    const client = await this.rows.downloadClientOf(init.downloadId);
    return {
      author: await this.author(init.authorId),
      books: await this.books(init.bookIds),
      sourceTitle: init.title,
      downloadClient: client?.name,
      downloadClientType: client?.type,
      downloadId: init.downloadId,
      message: init.messages.join('\n'),
    };
  }

  private async author(id: number | null | undefined, name?: string): Promise<WebhookAuthor | undefined> {
    const row = await this.rows.author(id);
    if (row || typeof id !== 'number' || name === undefined) return row;
    return { id, name } as WebhookAuthor;
  }

  private async books(ids: number[], titles: string[] = []): Promise<WebhookBook[]> {
    const rows = await this.rows.books(ids);
    if (rows.length === ids.length) return rows;
    const found = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id, index) => found.get(id) ?? { id, title: titles[index] ?? '' });
  }
}
