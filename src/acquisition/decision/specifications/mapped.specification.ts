import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/** The release must parse and map to a library author and at least one of its books. */
export class MappedSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, _context?: DecisionContext): string | null {
    if (!remote.parsed) return 'Unable to parse release';
    if (!remote.author) return 'Unknown Author';
    if (remote.books.length === 0) return 'Unable to identify correct book(s) using release name';
    return null;
  }
}
