import { compareQuality, mediaKindOf, qualityName } from '../quality-ranking';
import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/** "Already have an equal or better file": compared with existing files of the same media kind only. */
export class UpgradeDiskSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const qualityId = remote.parsed?.qualityId ?? 0;
    const kind = mediaKindOf(qualityId);
    const bookIds = new Set(remote.books.map((book) => book.id));
    const release = { qualityId, revision: remote.parsed?.revision };
    for (const file of context.existingFiles) {
      if (!bookIds.has(file.bookId) || file.mediaKind !== kind) continue;
      if (compareQuality(context.profile.items, file, release) >= 0)
        return `Existing file on disk is of equal or higher preference: ${qualityName(file.qualityId)}`;
    }
    return null;
  }
}
