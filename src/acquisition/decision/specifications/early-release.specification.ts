import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

const DAY_MS = 86_400_000;

/** Readarr shows the date as .NET's short date of its (en-US) culture. */
function shortDate(date: Date): string {
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

/**
 * The indexer's `earlyReleaseLimit`: a release of one book published more than that many days before the book's
 * release date is held to be a fake or mislabelled upload. RSS and searches alike, as in Readarr.
 */
export class EarlyReleaseSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const { release } = remote;
    const limit = context.indexers.get(release.indexerId)?.earlyReleaseLimit;
    if (limit === null || limit === undefined || remote.books.length !== 1) return null;
    const releaseDate = remote.books[0].releaseDate;
    if (!releaseDate || !release.publishDate) return null;
    const published = new Date(release.publishDate);
    if (new Date(releaseDate).getTime() <= published.getTime() + limit * DAY_MS) return null;
    return `Release published date, ${shortDate(published)}, is outside of ${limit} day early grab limit allowed by user`;
  }
}
