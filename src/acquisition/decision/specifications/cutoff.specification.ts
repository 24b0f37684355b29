import { qualityRank } from '../../../library/profile/quality/quality';
import { cutoffRankFor, isRevisionUpgrade, mediaKindOf, qualityName } from '../quality-ranking';
import type { DecisionContext, DecisionSpecification, ExistingFile, RemoteBook } from '../remote-book';

/**
 * No upgrade once an existing file of the release's media kind meets the profile's cutoff for that kind and its
 * custom-format score reaches the profile's `cutoffFormatScore` (Readarr's CutoffNotMet). A proper or repack of
 * the file's own quality is not stopped by the quality cutoff.
 */
export class CutoffSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const qualityId = remote.parsed?.qualityId ?? 0;
    const kind = mediaKindOf(qualityId);
    const cutoff = cutoffRankFor(context.profile, kind);
    if (cutoff < 0) return null;
    const release = { qualityId, revision: remote.parsed?.revision };
    const cutoffFormatScore = context.profile.cutoffFormatScore ?? 0;
    const bookIds = new Set(remote.books.map((book) => book.id));
    const meets = (file: ExistingFile) =>
      qualityRank(context.profile.items, file.qualityId) >= cutoff &&
      !isRevisionUpgrade(file, release) &&
      file.customFormatScore >= cutoffFormatScore;
    const meeting = context.existingFiles.find(
      (file) => bookIds.has(file.bookId) && file.mediaKind === kind && meets(file),
    );
    return meeting ? `Existing file meets cutoff: ${qualityName(meeting.qualityId)}` : null;
  }
}
