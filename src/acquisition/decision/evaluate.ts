import { MappedSpecification, SPECIFICATIONS } from './specifications';
import type { DecisionContext, DownloadDecision, Rejection, RemoteBook } from './remote-book';

const MAPPED = new MappedSpecification();

/** Runs every rule on one release. Unmapped releases only carry the mapping rejection. */
export function evaluate(remote: RemoteBook, context: DecisionContext | undefined): DownloadDecision {
  const mapping = MAPPED.evaluate(remote);
  const rejections: Rejection[] = [];
  if (mapping || !context) rejections.push({ reason: mapping ?? 'Unknown Author', type: 'permanent' });
  else
    for (const spec of SPECIFICATIONS) {
      const reason = spec.evaluate(remote, context);
      if (reason) rejections.push({ reason, type: spec.type });
    }
  const temporarilyRejected = rejections.length > 0 && rejections.every((rejection) => rejection.type === 'temporary');
  return {
    remote,
    rejections,
    approved: rejections.length === 0,
    temporarilyRejected,
    rejected: rejections.length > 0 && !temporarilyRejected,
    downloadAllowed: !mapping,
  };
}
