import { isHighestAllowed } from '../quality-ranking';
import { ageMinutes, type DecisionContext, type DecisionSpecification, type RemoteBook } from '../remote-book';

/**
 * Delay profiles: automatic grabs wait `usenetDelay`/`torrentDelay` minutes after publication (temporary
 * rejection), unless the release is of the preferred protocol and has the profile's highest quality
 * (bypassIfHighestQuality) or a custom-format score of at least `minimumCustomFormatScore`
 * (bypassIfAboveCustomFormatScore). Interactive grabs never wait.
 */
export class DelaySpecification implements DecisionSpecification {
  readonly type = 'temporary';

  evaluate(remote: RemoteBook, context: DecisionContext): string | null {
    if (context.kind === 'interactive') return null;
    const profile = context.delayProfile;
    const delay = remote.release.protocol === 'torrent' ? profile.torrentDelay : profile.usenetDelay;
    if (!delay || delay <= 0) return null;
    const preferred = remote.release.protocol === profile.preferredProtocol;
    if (preferred && profile.bypassIfHighestQuality && isHighestAllowed(context.profile, remote.parsed?.qualityId ?? 0))
      return null;
    if (
      preferred &&
      profile.bypassIfAboveCustomFormatScore &&
      remote.customFormatScore >= profile.minimumCustomFormatScore
    )
      return null;
    const age = ageMinutes(remote.release, context.now);
    if (age >= delay) return null;
    return `Waiting for better quality release (delay ${delay} minutes, ${Math.floor(age)} minutes old)`;
  }
}
