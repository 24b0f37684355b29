import type { DecisionContext, DecisionSpecification, RemoteBook } from '../remote-book';

/** The release's custom-format score must reach the quality profile's `minFormatScore`. */
export class CustomFormatScoreSpecification implements DecisionSpecification {
  readonly type = 'permanent';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    const minimum = context.profile.minFormatScore ?? 0;
    return remote.customFormatScore < minimum
      ? `Custom Formats score ${remote.customFormatScore} is below the profile's minimum ${minimum}`
      : null;
  }
}
