import { isRevisionUpgrade } from '../quality-ranking';
import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/**
 * A repack replaces a file only when the user lets propers upgrade and it comes from the file's own release group
 * (a repack fixes that group's upload; Readarr's RepackSpecification). Every search kind.
 */
export class RepackSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const parsed = remote.parsed;
    if (!parsed?.revision.isRepack || context.propers === 'doNotPrefer') return null;
    const release = { qualityId: parsed.qualityId, revision: parsed.revision };
    const bookIds = new Set(remote.books.map((book) => book.id));
    for (const file of context.existingFiles) {
      if (!bookIds.has(file.bookId) || !isRevisionUpgrade(file, release)) continue;
      if (context.propers === 'doNotUpgrade') return 'Repack downloading is disabled';
      if (!file.releaseGroup?.trim()) return 'Unable to determine release group for the existing file';
      if (!parsed.releaseGroup?.trim()) return 'Unable to determine release group for this release';
      if (file.releaseGroup.toLowerCase() !== parsed.releaseGroup.toLowerCase())
        return `Release is a repack for a different release group. Release Group: ${parsed.releaseGroup}. File release group: ${file.releaseGroup}`;
    }
    return null;
  }
}
