import { allowedQualityIds } from '../../../library/profile/quality/quality';
import { qualityName } from '../quality-ranking';
import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/** The release's quality must be allowed by the author's quality profile. */
export class QualityAllowedByProfileSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const qualityId = remote.parsed?.qualityId ?? 0;
    return allowedQualityIds(context.profile.items).includes(qualityId)
      ? null
      : `Quality ${qualityName(qualityId)} is not wanted in profile`;
  }
}
