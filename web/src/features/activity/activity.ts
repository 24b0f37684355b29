import type { Schemas } from '../../api/client';

export type QueueItem = Schemas['QueueResource'];
export type HistoryItem = Schemas['HistoryResource'];
export type BlocklistItem = Schemas['BlocklistResource'];
export type ManualImportItem = Schemas['ManualImportResource'];

export { HISTORY_EVENTS, historyEvent } from '../../components/history-events';
import { HISTORY_EVENTS } from '../../components/history-events';

/** The filter menu's choice → the `eventType` query value (undefined = all events). */
export function eventTypeFilter(choice: string | null): number | undefined {
  const event = HISTORY_EVENTS.find((candidate) => candidate.name === choice);
  return event?.value;
}

/** Only a grab can be marked failed (Readarr's rule: it blocklists the release and searches again). */
export const canMarkFailed = (item: Pick<HistoryItem, 'eventType'>): boolean => item.eventType === 'grabbed';

/** Downloaded share of a queue item, 0–100. */
export function queueProgress(item: Pick<QueueItem, 'size' | 'sizeleft'>): number {
  if (!item.size) return 0;
  const done = ((item.size - item.sizeleft) / item.size) * 100;
  return Math.min(100, Math.max(0, Math.round(done * 10) / 10));
}

/** What the status column says: the tracked state first (importing, import failed…), else the client's status. */
export function queueStatus(item: Pick<QueueItem, 'status' | 'trackedDownloadState' | 'trackedDownloadStatus'>): {
  label: string;
  color: string;
} {
  const color =
    item.trackedDownloadStatus === 'error' ? 'red' : item.trackedDownloadStatus === 'warning' ? 'yellow' : 'blue';
  const state = item.trackedDownloadState;
  if (state && state !== 'downloading')
    return { label: splitWords(state), color: state === 'imported' ? 'teal' : color };
  return { label: splitWords(item.status ?? 'unknown'), color };
}

/** `importPending` → `Import pending`, `Downloading` stays. */
export function splitWords(value: string): string {
  const words = value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Readarr's `timeleft` is a .NET TimeSpan (`[d.]hh:mm:ss`): shown as `1d 02:03:04` or `02:03:04`. */
export function formatTimeLeft(value: string | undefined | null): string {
  if (!value) return '';
  const match = /^(?:(\d+)\.)?(\d{2}):(\d{2}):(\d{2})/.exec(value);
  if (!match) return value;
  const [, days, hours, minutes, seconds] = match;
  return `${days && days !== '0' ? `${days}d ` : ''}${hours}:${minutes}:${seconds}`;
}

/** The status messages flattened to lines ("title: message"), for the row's explanation. */
export function statusLines(item: Pick<QueueItem, 'statusMessages' | 'errorMessage'>): string[] {
  const lines = (item.statusMessages ?? []).flatMap((group) =>
    group.messages.length > 0
      ? group.messages.map((message) => (group.title ? `${group.title}: ${message}` : message))
      : group.title
        ? [group.title]
        : [],
  );
  return item.errorMessage ? [item.errorMessage, ...lines] : lines;
}

/** Releases held back before reaching a client (a delay profile, no client available): `queue/grab` sends them now. */
const PENDING_STATUSES = new Set(['delay', 'pending', 'downloadClientUnavailable', 'fallback']);

export const canGrab = (item: Pick<QueueItem, 'status'>): boolean => PENDING_STATUSES.has(item.status ?? '');

/** A finished download that was not (fully) imported: its files can be imported by hand. */
export const canManualImport = (item: Pick<QueueItem, 'downloadId' | 'trackedDownloadState'>): boolean =>
  Boolean(item.downloadId) &&
  (item.trackedDownloadState === 'importFailed' || item.trackedDownloadState === 'importPending');

/** The `ManualImport` command's file entry for a proposal, with the book chosen by hand (or the proposed one). */
export function manualImportFile(item: ManualImportItem, bookId: number | undefined, authorId: number | undefined) {
  return {
    path: item.path,
    authorId: authorId ?? item.author?.id,
    bookId: bookId ?? item.book?.id,
    foreignEditionId: bookId === undefined || bookId === item.book?.id ? item.foreignEditionId : undefined,
    quality: item.quality,
    indexerFlags: item.indexerFlags,
    downloadId: item.downloadId,
    disableReleaseSwitching: false,
  };
}
