import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/** Automatic searches and RSS grab only for monitored authors and books (interactive and BookSearch do not care). */
export class MonitoredSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    if (!context.monitoredOnly) return null;
    if (remote.author && !remote.author.monitored) return 'Author is not monitored';
    if (remote.books.some((book) => !book.monitored)) return 'One or more books is not monitored';
    return null;
  }
}
