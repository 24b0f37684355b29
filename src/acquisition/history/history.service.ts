import { Injectable } from '@nestjs/common';
import { DomainEvents, OnDomainEvent } from '../../platform/common/events/domain-events';
import { AuthorQueryService } from '../../library/author/author-query.service';
import { BookQueryService } from '../../library/book/book-query.service';
import { BadRequestError, NotFoundError } from '../../platform/common/errors/domain-errors';
import { pagingResource, type PagingResource, resolvePaging } from '../../platform/common/paging/paging';
import { qualityModelFromJson } from '../parser/quality-model';
import { toCustomFormatResource } from '../../library/profile/custom-format/custom-format.mapper';
import { CustomFormatService } from '../../library/profile/custom-format/custom-format.service';
import { isCutoffNotMet } from '../../library/profile/quality/quality';
import { BookGrabbedEvent, DownloadFailedEvent } from '../queue/download.events';
import { grabbedData, releaseFromData } from './history-data';
import { HistoryRecordedEvent } from './history.events';
import { HistoryEntry } from './history.entity';
import {
  type AuthorCutoffProfile,
  type HistoryFilter,
  HISTORY_SORT_COLUMNS,
  HistoryRepository,
} from './history.repository';
import {
  EntityHistoryEventType,
  type HistoryAuthorQuery,
  type HistoryQuery,
  type HistoryResource,
  type HistorySinceQuery,
} from './history.resource';

const GRABBED = EntityHistoryEventType.toNumber('grabbed');
const FAILED = EntityHistoryEventType.toNumber('downloadFailed');

/** Book history: written from grab/failure events, read through `/api/v1/history*`. */
@Injectable()
export class HistoryService {
  constructor(
    private readonly repository: HistoryRepository,
    private readonly authors: AuthorQueryService,
    private readonly books: BookQueryService,
    private readonly customFormats: CustomFormatService,
    private readonly events: DomainEvents,
  ) {}

  @OnDomainEvent(BookGrabbedEvent.NAME)
  async onGrabbed(event: BookGrabbedEvent): Promise<void> {
    const { init } = event;
    const data = grabbedData(init, new Date());
    await this.repository.record(
      init.bookIds.map((bookId) => ({
        bookId,
        authorId: init.authorId,
        sourceTitle: init.release.title,
        quality: init.quality,
        customFormatIds: init.customFormatIds,
        customFormatScore: init.customFormatScore,
        downloadId: init.downloadId,
        eventType: GRABBED,
        data,
      })),
    );
    this.recorded('grabbed');
  }

  /**
   * Records every failure, also the ones `markFailed` below publishes: history is written from the event so both
   * ways of failing leave the same row. It cannot loop: this listener only inserts rows and publishes
   * `history.recorded`, and `markFailed` answers an API call, never an event.
   */
  @OnDomainEvent(DownloadFailedEvent.NAME)
  async onFailed(event: DownloadFailedEvent): Promise<void> {
    const { init } = event;
    const data: Record<string, string> = { message: init.message, reason: 'Failed' };
    if (init.downloadClient) data.downloadClient = data.downloadClientName = init.downloadClient;
    if (init.release?.indexer) data.indexer = init.release.indexer;
    if (init.release?.size !== undefined) data.size = String(init.release.size);
    await this.repository.record(
      (init.bookIds.length ? init.bookIds : [null]).map((bookId) => ({
        bookId,
        authorId: init.authorId,
        sourceTitle: init.sourceTitle,
        quality: init.quality,
        customFormatIds: init.customFormatIds,
        downloadId: init.downloadId ?? null,
        eventType: FAILED,
        data,
      })),
    );
    this.recorded('downloadFailed');
  }

  async page(query: HistoryQuery): Promise<PagingResource<HistoryResource>> {
    const spec = resolvePaging(query, HISTORY_SORT_COLUMNS, 'date');
    const filter: HistoryFilter = { eventTypes: query.eventType, bookId: query.bookId, downloadId: query.downloadId };
    const { rows, total } = await this.repository.pageWithProfiles(filter, spec);
    const profiles = new Map<number, AuthorCutoffProfile>();
    for (const row of rows) {
      if (row.profileItems) profiles.set(row.authorId, { items: row.profileItems, cutoff: row.profileCutoff ?? 0 });
    }
    return pagingResource(spec, total, await this.resources(rows, query, profiles));
  }

  async since(query: HistorySinceQuery): Promise<HistoryResource[]> {
    const since = query.date ? new Date(query.date) : undefined;
    if (!since || Number.isNaN(since.getTime())) throw new BadRequestError('BadRequest: date is required');
    const eventTypes = query.eventType ? [EntityHistoryEventType.toNumber(query.eventType)] : undefined;
    return this.resources(await this.repository.list({ since, eventTypes }), query);
  }

  async byAuthor(query: HistoryAuthorQuery): Promise<HistoryResource[]> {
    if (query.authorId === undefined) throw new BadRequestError('BadRequest: authorId is required');
    const eventTypes = query.eventType ? [EntityHistoryEventType.toNumber(query.eventType)] : undefined;
    const rows = await this.repository.list({ authorId: query.authorId, bookId: query.bookId, eventTypes });
    return this.resources(rows, query);
  }

  /** `POST /history/failed/{id}`: the grab failed → download.failed (blocklist, history, search again). */
  async markFailed(id: number): Promise<void> {
    const entry = await this.repository.findById(id);
    if (!entry) throw new NotFoundError(`History item ${id} not found`);
    if (entry.eventType !== GRABBED)
      throw new BadRequestError('BadRequest: only grabbed events can be marked as failed');
    const grabbed = entry.downloadId
      ? await this.repository.list({ downloadId: entry.downloadId, eventTypes: [GRABBED] })
      : [entry];
    const bookIds = [...new Set(grabbed.flatMap((row) => row.bookId ?? []))];
    await this.events.emitAsync(
      DownloadFailedEvent.NAME,
      new DownloadFailedEvent({
        authorId: entry.authorId,
        bookIds,
        sourceTitle: entry.sourceTitle,
        quality: entry.quality,
        customFormatIds: entry.customFormatIds,
        message: 'Manually marked as failed',
        downloadClient: entry.data.downloadClientName,
        downloadId: entry.downloadId ?? undefined,
        release: releaseFromData(entry.sourceTitle, entry.data),
        skipRedownload: false,
      }),
    );
  }

  private recorded(eventType: string): void {
    this.events.emit(HistoryRecordedEvent.NAME, new HistoryRecordedEvent([eventType]));
  }

  /** `knownProfiles`: the authors' quality profiles when the rows came with them (a page). */
  private async resources(
    rows: HistoryEntry[],
    options: { includeAuthor?: boolean; includeBook?: boolean },
    knownProfiles?: Map<number, AuthorCutoffProfile>,
  ): Promise<HistoryResource[]> {
    if (rows.length === 0) return [];
    const authorIds = [...new Set(rows.map((row) => row.authorId))];
    const bookIds = [...new Set(rows.flatMap((row) => row.bookId ?? []))];
    const withFormats = rows.some((row) => row.customFormatIds.length > 0);
    const [formats, profiles, authors, books] = await Promise.all([
      withFormats ? this.customFormats.findAll() : [],
      knownProfiles ?? this.repository.authorCutoffProfiles(authorIds),
      options.includeAuthor ? this.authors.resources(authorIds) : [],
      options.includeBook ? this.books.byIds(bookIds) : [],
    ]);
    const formatById = new Map(formats.map((format) => [format.id, format]));
    const authorById = new Map(authors.map((author) => [author.id, author]));
    const bookById = new Map(books.map((book) => [book.id, book]));
    return rows.map((row) => {
      const profile = profiles.get(row.authorId);
      const quality = qualityModelFromJson(row.quality);
      return {
        id: row.id,
        bookId: row.bookId ?? 0,
        authorId: row.authorId,
        sourceTitle: row.sourceTitle,
        quality,
        customFormats: row.customFormatIds.flatMap((id) => {
          const format = formatById.get(id);
          return format ? [toCustomFormatResource(format)] : [];
        }),
        customFormatScore: row.customFormatScore,
        qualityCutoffNotMet: profile ? isCutoffNotMet(profile, quality.quality.id) : false,
        date: row.date,
        downloadId: row.downloadId ?? undefined,
        eventType: EntityHistoryEventType.parse(row.eventType) ?? 'unknown',
        data: row.data,
        author: authorById.get(row.authorId),
        book: row.bookId ? bookById.get(row.bookId) : undefined,
      };
    });
  }
}
