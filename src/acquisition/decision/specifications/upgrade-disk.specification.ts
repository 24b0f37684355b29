import { qualityRank } from '../../../library/profile/quality/quality';
import { mediaKindOf, qualityName } from '../quality-ranking';
import type { DecisionContext, DecisionSpecification, ExistingFile, RemoteBook } from '../remote-book';

/**
 * "Already have an equal or better file", compared with existing files of the same media kind only (Readarr's
 * IsUpgradable): a better quality upgrades; a worse one never; at equal quality a newer revision upgrades
 * (unless `downloadPropersAndRepacks` is doNotPrefer), else only a higher custom-format score does.
 */
export class UpgradeDiskSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const qualityId = remote.parsed?.qualityId ?? 0;
    const kind = mediaKindOf(qualityId);
    const bookIds = new Set(remote.books.map((book) => book.id));
    for (const file of context.existingFiles) {
      if (!bookIds.has(file.bookId) || file.mediaKind !== kind) continue;
      if (!this.isUpgrade(file, remote, context))
        return `Existing file on disk is of equal or higher preference: ${qualityName(file.qualityId)}`;
    }
    return null;
  }

  private isUpgrade(file: ExistingFile, remote: RemoteBook, context: DecisionContext): boolean {
    const items = context.profile.items;
    const quality = qualityRank(items, remote.parsed?.qualityId ?? 0) - qualityRank(items, file.qualityId);
    if (quality !== 0) return quality > 0;
    const revision = remote.parsed?.revision;
    const real = (revision?.real ?? 0) - file.revision.real;
    const byRevision = real !== 0 ? real : (revision?.version ?? 1) - file.revision.version;
    if (byRevision < 0) return false;
    if (byRevision > 0 && context.propers !== 'doNotPrefer') return true;
    return remote.customFormatScore > file.customFormatScore;
  }
}
