import type { DecisionSpecification } from '../remote-book';
import { AcceptableSizeSpecification } from './acceptable-size.specification';
import { BlocklistSpecification } from './blocklist.specification';
import { CustomFormatScoreSpecification } from './custom-format-score.specification';
import { CutoffSpecification } from './cutoff.specification';
import { DelaySpecification } from './delay.specification';
import { EarlyReleaseSpecification } from './early-release.specification';
import { IndexerTagSpecification } from './indexer-tag.specification';
import { MaximumSizeSpecification } from './maximum-size.specification';
import { MinimumAgeSpecification } from './minimum-age.specification';
import { MonitoredSpecification } from './monitored.specification';
import { ProperSpecification } from './proper.specification';
import { ProtocolSpecification } from './protocol.specification';
import { QualityAllowedByProfileSpecification } from './quality-allowed.specification';
import { QueueSpecification } from './queue.specification';
import { ReleaseProfileSpecification } from './release-profile.specification';
import { RepackSpecification } from './repack.specification';
import { RetentionSpecification } from './retention.specification';
import { TorrentSeedingSpecification } from './torrent-seeding.specification';
import { UpgradeAllowedSpecification } from './upgrade-allowed.specification';
import { UpgradeDiskSpecification } from './upgrade-disk.specification';

export { MappedSpecification } from './mapped.specification';

/** Every rule run on a mapped release, in the order their rejections are listed. */
export const SPECIFICATIONS: readonly DecisionSpecification[] = [
  new MonitoredSpecification(),
  new QualityAllowedByProfileSpecification(),
  new CustomFormatScoreSpecification(),
  new AcceptableSizeSpecification(),
  new MaximumSizeSpecification(),
  new RetentionSpecification(),
  new MinimumAgeSpecification(),
  new ProtocolSpecification(),
  new ReleaseProfileSpecification(),
  new IndexerTagSpecification(),
  new TorrentSeedingSpecification(),
  new EarlyReleaseSpecification(),
  new BlocklistSpecification(),
  new UpgradeAllowedSpecification(),
  new CutoffSpecification(),
  new UpgradeDiskSpecification(),
  new ProperSpecification(),
  new RepackSpecification(),
  new QueueSpecification(),
  new DelaySpecification(),
];
