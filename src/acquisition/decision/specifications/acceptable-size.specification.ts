import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

const MB = 1024 * 1024;

function format(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

/**
 * Size limits of the quality definitions. Unit (Quire's choice, for both media kinds): **MB per 100 pages**
 * of the matched books' monitored editions (an audiobook of a 300-page book is allowed 3 × the limit; the
 * catalogue has no running time). Skipped when the page count is unknown; `maxSize` null = unlimited.
 */
export class AcceptableSizeSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const limit = context.sizeLimits.get(remote.parsed?.qualityId ?? 0);
    const pages = remote.books.reduce((sum, book) => sum + (book.pageCount || 0), 0);
    if (!limit || pages <= 0 || remote.release.size <= 0) return null;
    const size = remote.release.size;
    const min = (limit.minSize ?? 0) * MB * (pages / 100);
    if (min > 0 && size < min) return `${format(size)} is smaller than minimum allowed ${format(min)}`;
    if (limit.maxSize !== null && limit.maxSize > 0) {
      const max = limit.maxSize * MB * (pages / 100);
      if (size > max) return `${format(size)} is larger than maximum allowed ${format(max)}`;
    }
    return null;
  }
}
