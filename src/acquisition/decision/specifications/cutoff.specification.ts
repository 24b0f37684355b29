import { qualityRank } from '../../../library/profile/quality/quality';
import { cutoffRankFor, mediaKindOf, qualityName } from '../quality-ranking';
import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/** No upgrade once an existing file of the release's media kind meets the profile's cutoff for that kind. */
export class CutoffSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const kind = mediaKindOf(remote.parsed?.qualityId ?? 0);
    const cutoff = cutoffRankFor(context.profile, kind);
    if (cutoff < 0) return null;
    const bookIds = new Set(remote.books.map((book) => book.id));
    const meeting = context.existingFiles.find(
      (file) =>
        bookIds.has(file.bookId) &&
        file.mediaKind === kind &&
        qualityRank(context.profile.items, file.qualityId) >= cutoff,
    );
    return meeting ? `Existing file meets cutoff: ${qualityName(meeting.qualityId)}` : null;
  }
}
