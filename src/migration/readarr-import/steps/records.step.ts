import { Injectable } from '@nestjs/common';
import type { BlocklistEntry } from '../../../acquisition/blocklist/blocklist.entity';
import { blocklistKey, BlocklistRepository } from '../../../acquisition/blocklist/blocklist.repository';
import type { HistoryEntry } from '../../../acquisition/history/history.entity';
import { historyKey, HistoryRepository } from '../../../acquisition/history/history.repository';
import { ImportListExclusionService } from '../../../library/import-list-exclusion/import-list-exclusion.service';
import { qualityModel } from '../../../acquisition/parser/quality-model';
import { TransactionRunner, type Transaction } from '../../../platform/database/transaction';
import type { MigrationContext } from '../migration-context';
import { readDate, readIds, readInt, readJson, readQuality, readText } from '../readarr/readarr-values';

const PROTOCOLS = ['unknown', 'usenet', 'torrent'];
/** Records written per statement (a long history is not held whole). */
const RECORD_BATCH = 5000;

/**
 * History and blocklist (kept as records: nothing is replayed, no grab or search follows) and import-list
 * exclusions. Each event is added once: re-running finds it by date, type, title and book.
 */
@Injectable()
export class RecordsStep {
  constructor(
    private readonly history: HistoryRepository,
    private readonly blocklist: BlocklistRepository,
    private readonly exclusions: ImportListExclusionService,
    private readonly transactions: TransactionRunner,
  ) {}

  async run(ctx: MigrationContext): Promise<void> {
    await this.migrateExclusions(ctx);
    await this.migrateHistory(ctx);
    await this.migrateBlocklist(ctx);
  }

  private async migrateExclusions(ctx: MigrationContext): Promise<void> {
    const existing = new Set((await this.exclusions.findAll()).map((row) => row.foreignId));
    // An exclusion names a Goodreads author or work: mapped like the library rows that carry the same id.
    const mapped = ctx.matchedForeignIds;
    for (const row of ctx.source.rows('ImportListExclusions')) {
      ctx.report.found('importListExclusions');
      const readarrForeignId = String(row.ForeignId);
      const foreignId = mapped.get(readarrForeignId) ?? ctx.foreignPrefix + readarrForeignId;
      if (!mapped.has(readarrForeignId))
        ctx.report.unmatched('importListExclusions', {
          kind: 'importListExclusion',
          readarrId: readInt(row.Id),
          title: String(row.Name ?? ''),
          foreignId: readarrForeignId,
          reason: 'Not an author or book of the migrated library: kept under its Readarr id',
        });
      if (existing.has(foreignId)) {
        ctx.report.count('importListExclusions', 'merged');
        continue;
      }
      existing.add(foreignId);
      if (!ctx.dryRun) await this.exclusions.add({ foreignId, authorName: String(row.Name ?? '') });
      ctx.report.count('importListExclusions', 'imported');
    }
  }

  private async migrateHistory(ctx: MigrationContext): Promise<void> {
    const authors = ctx.idMap('authors');
    const books = ctx.idMap('books');
    const keys = await this.history.keysOfAuthors(authors.values());
    const rows: Partial<HistoryEntry>[] = [];
    for (const row of ctx.source.rows('History')) {
      ctx.report.found('history');
      const authorId = authors.get(readInt(row.AuthorId));
      const date = readDate(row.Date);
      if (authorId === undefined || !date) {
        ctx.report.count('history', 'skipped');
        continue;
      }
      const bookId = books.get(readInt(row.BookId)) ?? null;
      const eventType = readInt(row.EventType);
      const sourceTitle = String(row.SourceTitle ?? '');
      const key = historyKey(date, eventType, sourceTitle, bookId);
      if (keys.has(key)) {
        ctx.report.count('history', 'merged');
        continue;
      }
      keys.add(key);
      const quality = readQuality(row.Quality);
      const data = readJson<Record<string, unknown>>(row.Data, {});
      rows.push({
        authorId,
        bookId,
        sourceTitle,
        quality: qualityModel(quality.quality, quality.revision),
        date,
        downloadId: readText(row.DownloadId),
        eventType,
        data: Object.fromEntries(
          Object.entries(data).map(([name, value]) => [
            name,
            typeof value === 'string' ? value : JSON.stringify(value ?? ''),
          ]),
        ),
      });
      ctx.report.count('history', 'imported');
      if (rows.length >= RECORD_BATCH) await this.write(ctx, this.history, rows.splice(0));
    }
    await this.write(ctx, this.history, rows);
  }

  private async migrateBlocklist(ctx: MigrationContext): Promise<void> {
    const authors = ctx.idMap('authors');
    const books = ctx.idMap('books');
    const keys = await this.blocklist.keysOfAuthors(authors.values());
    const rows: Partial<BlocklistEntry>[] = [];
    for (const row of ctx.source.rows('Blocklist')) {
      ctx.report.found('blocklist');
      const authorId = authors.get(readInt(row.AuthorId));
      const date = readDate(row.Date);
      if (authorId === undefined || !date) {
        ctx.report.count('blocklist', 'skipped');
        continue;
      }
      const sourceTitle = String(row.SourceTitle ?? '');
      const key = blocklistKey(date, sourceTitle, authorId);
      if (keys.has(key)) {
        ctx.report.count('blocklist', 'merged');
        continue;
      }
      keys.add(key);
      const quality = readQuality(row.Quality);
      rows.push({
        authorId,
        bookIds: books.many(readIds(row.BookIds)),
        sourceTitle,
        quality: qualityModel(quality.quality, quality.revision),
        date,
        publishedDate: readDate(row.PublishedDate),
        size: row.Size === null || row.Size === undefined ? null : String(readInt(row.Size)),
        protocol: PROTOCOLS[readInt(row.Protocol)] ?? 'unknown',
        indexer: readText(row.Indexer),
        indexerFlags: readInt(row.IndexerFlags),
        message: readText(row.Message),
        torrentInfoHash: readText(row.TorrentInfoHash),
      });
      ctx.report.count('blocklist', 'imported');
      if (rows.length >= RECORD_BATCH) await this.write(ctx, this.blocklist, rows.splice(0));
    }
    await this.write(ctx, this.blocklist, rows);
  }

  private async write<T extends HistoryEntry | BlocklistEntry>(
    ctx: MigrationContext,
    owner: { insertMany(tx: Transaction, rows: never[]): Promise<number[]> },
    rows: Partial<T>[],
  ): Promise<void> {
    if (ctx.dryRun || !rows.length) return;
    await this.transactions.run((tx) => owner.insertMany(tx, rows as never[]));
  }
}
