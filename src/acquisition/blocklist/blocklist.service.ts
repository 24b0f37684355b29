import { Injectable } from '@nestjs/common';
import { DomainEvents, OnDomainEvent } from '../../platform/common/events/domain-events';
import { AuthorQueryService } from '../../library/author/author-query.service';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { pagingResource, type PagingResource, resolvePaging } from '../../platform/common/paging/paging';
import type { BlockedRelease } from './blocked-release';
import { qualityModelFromJson } from '../parser/quality-model';
import { toCustomFormatResource } from '../../library/profile/custom-format/custom-format.mapper';
import { CustomFormatService } from '../../library/profile/custom-format/custom-format.service';
import { DownloadFailedEvent } from '../queue/download.events';
import { BlocklistEntry } from './blocklist.entity';
import { BlocklistChangedEvent } from './blocklist.events';
import { BLOCKLIST_SORT_COLUMNS, BlocklistRepository } from './blocklist.repository';
import type { BlocklistQuery, BlocklistResource } from './blocklist.resource';

/** The blocklist: filled by failed downloads, read by the decision engine, listed and edited through the API. */
@Injectable()
export class BlocklistService {
  constructor(
    private readonly entries: BlocklistRepository,
    private readonly authors: AuthorQueryService,
    private readonly customFormats: CustomFormatService,
    private readonly events: DomainEvents,
  ) {}

  async forAuthor(authorId: number): Promise<BlockedRelease[]> {
    const rows = await this.entries.findByAuthor(authorId);
    return rows.map((row) => ({
      sourceTitle: row.sourceTitle,
      protocol: row.protocol,
      indexer: row.indexer,
      torrentInfoHash: row.torrentInfoHash,
      size: row.size === null ? null : Number(row.size),
    }));
  }

  @OnDomainEvent(DownloadFailedEvent.NAME)
  async onDownloadFailed(event: DownloadFailedEvent): Promise<void> {
    const { init } = event;
    const release = init.release;
    await this.entries.insert({
      authorId: init.authorId,
      bookIds: init.bookIds,
      sourceTitle: init.sourceTitle,
      quality: init.quality,
      customFormatIds: init.customFormatIds,
      publishedDate: release?.publishDate ? new Date(release.publishDate) : null,
      size: release?.size !== undefined ? String(release.size) : null,
      protocol: release?.protocol ?? 'unknown',
      indexer: release?.indexer ?? null,
      indexerFlags: release?.indexerFlags ?? 0,
      message: init.message,
      torrentInfoHash: release?.infoHash ?? null,
      downloadId: init.downloadId ?? null,
    });
    this.changed();
  }

  async page(query: BlocklistQuery): Promise<PagingResource<BlocklistResource>> {
    const spec = resolvePaging(query, BLOCKLIST_SORT_COLUMNS, 'date');
    const [rows, total] = await this.entries.findPage(spec);
    return pagingResource(spec, total, await this.resources(rows));
  }

  async delete(id: number): Promise<void> {
    if (!(await this.entries.delete(id))) throw new NotFoundError(`Blocklist item ${id} not found`);
    this.changed();
  }

  async deleteMany(ids: number[]): Promise<void> {
    await this.entries.deleteMany(ids);
    this.changed();
  }

  async clear(): Promise<number> {
    const cleared = await this.entries.clear();
    this.changed();
    return cleared;
  }

  private changed(): void {
    this.events.emit(BlocklistChangedEvent.NAME, new BlocklistChangedEvent());
  }

  private async resources(rows: BlocklistEntry[]): Promise<BlocklistResource[]> {
    if (rows.length === 0) return [];
    const [authors, formats] = await Promise.all([
      this.authors.resources([...new Set(rows.map((row) => row.authorId))]),
      this.customFormats.findAll(),
    ]);
    const authorById = new Map(authors.map((author) => [author.id, author]));
    const formatById = new Map(formats.map((format) => [format.id, format]));
    return rows.map((row) => ({
      id: row.id,
      authorId: row.authorId,
      bookIds: row.bookIds,
      sourceTitle: row.sourceTitle,
      quality: qualityModelFromJson(row.quality),
      customFormats: row.customFormatIds.flatMap((id) => {
        const format = formatById.get(id);
        return format ? [toCustomFormatResource(format)] : [];
      }),
      date: row.date,
      protocol: row.protocol,
      indexer: row.indexer ?? undefined,
      message: row.message ?? undefined,
      author: authorById.get(row.authorId),
    }));
  }
}
