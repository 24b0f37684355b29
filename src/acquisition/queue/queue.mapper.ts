import type { AuthorResource } from '../../library/author/author.resource';
import type { BookResource } from '../../library/book/book.resource';
import { formatTimeSpan } from '../../platform/command/timespan';
import { qualityModelFromJson } from '../parser/quality-model';
import type { CustomFormatResource } from '../../library/profile/custom-format/custom-format.resource';
import type { PendingRelease } from './pending-release.entity';
import type { QueueResource } from './queue.resource';
import type { TrackedDownload } from './tracked-download.entity';

export interface QueueLookups {
  authors: Map<number, AuthorResource>;
  books: Map<number, BookResource>;
  formats: Map<number, CustomFormatResource>;
  clientNames: Map<number, string>;
  /** Download clients with a post-import category (`changeCategory` works for their items). */
  postImportClients: Set<number>;
  now: Date;
}

const formatsOf = (ids: number[], lookups: QueueLookups) => ids.flatMap((id) => lookups.formats.get(id) ?? []);

export function trackedToQueueResource(download: TrackedDownload, lookups: QueueLookups): QueueResource {
  const bookId = download.bookIds[0];
  const timeLeftMs = download.timeLeft !== null ? download.timeLeft * 1000 : undefined;
  return {
    id: download.id,
    authorId: download.authorId ?? undefined,
    bookId,
    author: download.authorId ? lookups.authors.get(download.authorId) : undefined,
    book: bookId ? lookups.books.get(bookId) : undefined,
    quality: qualityModelFromJson(download.quality),
    customFormats: formatsOf(download.customFormatIds, lookups),
    customFormatScore: download.customFormatScore,
    size: Number(download.size),
    title: download.title,
    sizeleft: Number(download.sizeLeft),
    timeleft: timeLeftMs !== undefined ? formatTimeSpan(timeLeftMs) : undefined,
    estimatedCompletionTime: timeLeftMs !== undefined ? new Date(lookups.now.getTime() + timeLeftMs) : undefined,
    status: download.clientStatus,
    trackedDownloadStatus: download.status,
    trackedDownloadState: download.state,
    statusMessages: download.statusMessages,
    errorMessage: download.errorMessage ?? undefined,
    downloadId: download.downloadId,
    protocol: download.protocol,
    downloadClient: lookups.clientNames.get(download.downloadClientId),
    downloadClientHasPostImportCategory: lookups.postImportClients.has(download.downloadClientId),
    indexer: download.indexer ?? undefined,
    outputPath: download.outputPath ?? undefined,
    downloadForced: download.downloadForced,
  };
}

export function pendingToQueueResource(pending: PendingRelease, lookups: QueueLookups): QueueResource {
  const bookId = pending.bookIds[0];
  const left = Math.max(0, pending.releaseAt.getTime() - lookups.now.getTime());
  return {
    id: pending.id,
    authorId: pending.authorId,
    bookId,
    author: lookups.authors.get(pending.authorId),
    book: bookId ? lookups.books.get(bookId) : undefined,
    quality: qualityModelFromJson(pending.quality),
    customFormats: formatsOf(pending.customFormatIds, lookups),
    customFormatScore: pending.customFormatScore,
    size: pending.release.size,
    title: pending.title,
    sizeleft: pending.release.size,
    timeleft: formatTimeSpan(left),
    estimatedCompletionTime: pending.releaseAt,
    status: pending.reason,
    trackedDownloadStatus: 'ok',
    trackedDownloadState: 'downloading',
    statusMessages: [],
    protocol: pending.release.protocol,
    downloadClientHasPostImportCategory: false,
    indexer: pending.release.indexer,
    downloadForced: false,
  };
}

type Key = (item: QueueResource) => string | number;

const progress = (item: QueueResource) => (item.size > 0 ? 1 - item.sizeleft / item.size : 0);
const timeleft = (item: QueueResource) => item.estimatedCompletionTime?.getTime() ?? Number.MAX_SAFE_INTEGER;

/** Readarr's in-memory queue sort keys; anything else sorts by time left. */
export const QUEUE_SORT_KEYS: Record<string, Key> = {
  timeleft,
  estimatedCompletionTime: timeleft,
  protocol: (item) => item.protocol,
  indexer: (item) => item.indexer ?? '',
  downloadClient: (item) => item.downloadClient ?? '',
  quality: (item) => item.quality.quality.id,
  status: (item) => item.status ?? '',
  'authors.sortName': (item) => item.author?.sortName ?? '',
  'authors.sortNameLastFirst': (item) => item.author?.sortNameLastFirst ?? '',
  title: (item) => item.title ?? '',
  'book.title': (item) => item.book?.title ?? '',
  'book.releaseDate': (item) => (item.book?.releaseDate ? new Date(item.book.releaseDate).getTime() : 0),
  size: (item) => item.size,
  progress,
};

export function sortQueue(items: QueueResource[], sortKey: string, ascending: boolean): QueueResource[] {
  const key = QUEUE_SORT_KEYS[sortKey] ?? timeleft;
  return [...items].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const primary = x < y ? -1 : x > y ? 1 : 0;
    if (primary !== 0) return ascending ? primary : -primary;
    return progress(b) - progress(a);
  });
}
