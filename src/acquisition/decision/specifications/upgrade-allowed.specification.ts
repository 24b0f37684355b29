import { mediaKindOf } from '../quality-ranking';
import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/** A book that already has a file of this media kind is only replaced when the profile allows upgrades. */
export class UpgradeAllowedSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    if (context.profile.upgradeAllowed) return null;
    const kind = mediaKindOf(remote.parsed?.qualityId ?? 0);
    const bookIds = new Set(remote.books.map((book) => book.id));
    const hasFile = context.existingFiles.some((file) => bookIds.has(file.bookId) && file.mediaKind === kind);
    return hasFile ? 'Existing file on disk and the quality profile does not allow upgrades' : null;
  }
}
