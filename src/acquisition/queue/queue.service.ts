import { Injectable } from '@nestjs/common';
import { AuthorQueryService } from '../../library/author/author-query.service';
import { BookQueryService } from '../../library/book/book-query.service';
import type { PagingResource, SortDirectionName } from '../../platform/common/paging/paging';
import { toCustomFormatResource } from '../../library/profile/custom-format/custom-format.mapper';
import { CustomFormatService } from '../../library/profile/custom-format/custom-format.service';
import { DownloadClientFactory } from '../../integrations/download-client/download-client-factory.service';
import { DownloadClientConfigService } from '../../platform/settings/download-client/download-client-config.service';
import {
  pendingToQueueResource,
  QUEUE_SORT_KEYS,
  type QueueLookups,
  sortQueue,
  trackedToQueueResource,
} from './queue.mapper';
import type { QueueDetailsQuery, QueueQuery, QueueResource, QueueStatusResource } from './queue.resource';
import { TrackedDownloadService } from './tracked-download.service';

/** Read side of the queue: tracked downloads plus pending releases as Readarr's QueueResource. */
@Injectable()
export class QueueService {
  constructor(
    private readonly tracked: TrackedDownloadService,
    private readonly authors: AuthorQueryService,
    private readonly books: BookQueryService,
    private readonly customFormats: CustomFormatService,
    private readonly clients: DownloadClientFactory,
    private readonly downloadClientConfig: DownloadClientConfigService,
  ) {}

  async all(): Promise<QueueResource[]> {
    const [visible, pending, config] = await Promise.all([
      this.tracked.visible(),
      this.tracked.pendingReleases(),
      this.downloadClientConfig.load(),
    ]);
    // Readarr stops tracking finished downloads while completed-download handling is off: they leave the queue
    // (and wait, importPending, until handling is turned on again).
    const downloads = config.enableCompletedDownloadHandling
      ? visible
      : visible.filter((download) => download.clientStatus !== 'completed');
    const authorIds = [...new Set([...downloads.flatMap((d) => d.authorId ?? []), ...pending.map((p) => p.authorId)])];
    const bookIds = [...new Set([...downloads, ...pending].flatMap((item) => item.bookIds.slice(0, 1)))];
    const clientIds = [...new Set(downloads.map((d) => d.downloadClientId))];
    const [authors, books, formats, clientNames, postImportClients] = await Promise.all([
      authorIds.length ? this.authors.resources(authorIds) : [],
      this.books.byIds(bookIds),
      this.customFormats.findAll(),
      this.tracked.clientNames(clientIds),
      this.postImportClients(clientIds),
    ]);
    const lookups: QueueLookups = {
      authors: new Map(authors.map((author) => [author.id!, author])),
      books: new Map(books.map((book) => [book.id!, book])),
      formats: new Map(formats.map((format) => [format.id, toCustomFormatResource(format)])),
      clientNames,
      postImportClients,
      now: new Date(),
    };
    return [
      ...downloads.map((download) => trackedToQueueResource(download, lookups)),
      ...pending.map((release) => pendingToQueueResource(release, lookups)),
    ];
  }

  async page(query: QueueQuery): Promise<PagingResource<QueueResource>> {
    const requested = query.sortKey ?? 'timeleft';
    const sortKey =
      Object.keys(QUEUE_SORT_KEYS).find((key) => key.toLowerCase() === requested.toLowerCase()) ?? 'timeleft';
    const direction: SortDirectionName = query.sortDirection === 'descending' ? 'descending' : 'ascending';
    let items = await this.all();
    if (!query.includeUnknownAuthorItems) items = items.filter((item) => item.authorId);
    const sorted = sortQueue(items, sortKey, direction === 'ascending');
    const pageSize = query.pageSize ?? 10;
    const lastPage = Math.max(1, Math.ceil(sorted.length / pageSize));
    const page = Math.min(query.page ?? 1, lastPage);
    const records = sorted.slice((page - 1) * pageSize, page * pageSize).map((item) => this.strip(item, query));
    return { page, pageSize, sortKey, sortDirection: direction, totalRecords: sorted.length, records };
  }

  async details(query: QueueDetailsQuery): Promise<QueueResource[]> {
    let items = (await this.all()).filter((item) => item.authorId);
    if (query.authorId !== undefined) items = items.filter((item) => item.authorId === query.authorId);
    else if (query.bookIds?.length) items = items.filter((item) => item.bookId && query.bookIds!.includes(item.bookId));
    return items.map((item) =>
      this.strip(item, { includeAuthor: query.includeAuthor ?? false, includeBook: query.includeBook ?? true }),
    );
  }

  async status(): Promise<QueueStatusResource> {
    const items = await this.all();
    const known = items.filter((item) => item.authorId);
    const unknown = items.filter((item) => !item.authorId);
    const has = (list: QueueResource[], status: string) => list.some((item) => item.trackedDownloadStatus === status);
    return {
      totalCount: items.length,
      count: known.length,
      unknownCount: unknown.length,
      errors: has(known, 'error'),
      warnings: has(known, 'warning'),
      unknownErrors: has(unknown, 'error'),
      unknownWarnings: has(unknown, 'warning'),
    };
  }

  private async postImportClients(ids: number[]): Promise<Set<number>> {
    const found = await Promise.all(
      ids.map((id) =>
        this.clients.client(id).then(
          (client) => (client.postImportCategory ? [id] : []),
          () => [], // the client was deleted: its items have no post-import category
        ),
      ),
    );
    return new Set(found.flat());
  }

  private strip(item: QueueResource, options: { includeAuthor?: boolean; includeBook?: boolean }): QueueResource {
    return {
      ...item,
      author: options.includeAuthor ? item.author : undefined,
      book: options.includeBook ? item.book : undefined,
    };
  }
}
