import { isRevisionUpgrade } from '../quality-ranking';
import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

const WEEK_MS = 7 * 86_400_000;

/**
 * Propers and repacks of a file already on disk, from RSS (and pushed releases): refused when the user chose
 * `doNotUpgrade`, and for files older than a week (Readarr's ProperSpecification). Searches are left alone.
 */
export class ProperSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    if (context.kind !== 'rss' && context.kind !== 'push') return null;
    if (context.propers === 'doNotPrefer' || !remote.parsed) return null;
    const release = { qualityId: remote.parsed.qualityId, revision: remote.parsed.revision };
    const bookIds = new Set(remote.books.map((book) => book.id));
    const startOfToday = new Date(context.now);
    startOfToday.setUTCHours(0, 0, 0, 0);
    for (const file of context.existingFiles) {
      if (!bookIds.has(file.bookId) || !isRevisionUpgrade(file, release)) continue;
      if (context.propers === 'doNotUpgrade') return 'Proper downloading is disabled';
      if (file.dateAdded.getTime() < startOfToday.getTime() - WEEK_MS) return 'Proper for old file';
    }
    return null;
  }
}
