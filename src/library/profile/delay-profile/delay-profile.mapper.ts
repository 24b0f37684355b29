import { DelayProfile } from './delay-profile.entity';
import { DelayProfileResource } from './delay-profile.resource';

export function toDelayProfileResource(profile: DelayProfile): DelayProfileResource {
  return {
    id: profile.id,
    enableUsenet: profile.enableUsenet,
    enableTorrent: profile.enableTorrent,
    preferredProtocol: profile.preferredProtocol,
    usenetDelay: profile.usenetDelay,
    torrentDelay: profile.torrentDelay,
    bypassIfHighestQuality: profile.bypassIfHighestQuality,
    bypassIfAboveCustomFormatScore: profile.bypassIfAboveCustomFormatScore,
    minimumCustomFormatScore: profile.minimumCustomFormatScore,
    order: profile.order,
    tags: profile.tags,
  };
}
