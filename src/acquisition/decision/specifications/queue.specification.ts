import { compareQuality, mediaKindOf, qualityName } from '../quality-ranking';
import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/** "Already queued": a download of the same media kind for one of the books is in the queue and not worse. */
export class QueueSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const qualityId = remote.parsed?.qualityId ?? 0;
    const kind = mediaKindOf(qualityId);
    const bookIds = new Set(remote.books.map((book) => book.id));
    for (const item of context.queued) {
      if (!item.bookIds.some((id) => bookIds.has(id)) || mediaKindOf(item.qualityId) !== kind) continue;
      if (!context.profile.upgradeAllowed) return 'Release in queue and the quality profile does not allow upgrades';
      if (compareQuality(context.profile.items, item, { qualityId, revision: remote.parsed?.revision }) >= 0)
        return `Release in queue is of equal or higher preference: ${qualityName(item.qualityId)}`;
    }
    return null;
  }
}
