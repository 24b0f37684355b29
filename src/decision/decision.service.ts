import { Injectable } from '@nestjs/common';
import { BlocklistService } from '../blocklist/blocklist.service';
import type { LibraryAuthor } from '../parser/library-lookup.repository';
import { CustomFormatService } from '../profile/custom-format/custom-format.service';
import type { CustomFormat } from '../profile/custom-format/custom-format.entity';
import { DelayProfileService } from '../profile/delay-profile/delay-profile.service';
import { QualityDefinitionService } from '../profile/quality/quality-definition.service';
import { QualityProfileService } from '../profile/quality-profile/quality-profile.service';
import { TrackedDownloadService } from '../queue/tracked-download.service';
import { ReleaseProfileService } from '../release-profile/release-profile.service';
import { IndexerConfigService } from '../settings/indexer/indexer-config.service';
import { Clock } from './clock';
import { formatInput, formatScore, matchFormats } from './custom-format-calculator';
import { prioritize } from './decision-comparer';
import { DecisionRepository } from './decision.repository';
import { evaluate } from './evaluate';
import type { DecisionContext, DownloadDecision, QualitySizeLimit, RemoteBook, SearchKind } from './remote-book';

export interface DecideOptions {
  kind: SearchKind;
  monitoredOnly: boolean;
  now?: Date;
}

/**
 * The decision engine (Readarr's DownloadDecisionMaker + prioritisation): loads each author's context once,
 * scores custom formats, runs every rule and returns the decisions best first.
 */
@Injectable()
export class DecisionService {
  constructor(
    private readonly repository: DecisionRepository,
    private readonly qualityProfiles: QualityProfileService,
    private readonly delayProfiles: DelayProfileService,
    private readonly qualityDefinitions: QualityDefinitionService,
    private readonly customFormats: CustomFormatService,
    private readonly releaseProfiles: ReleaseProfileService,
    private readonly blocklist: BlocklistService,
    private readonly tracked: TrackedDownloadService,
    private readonly indexerConfig: IndexerConfigService,
    private readonly clock: Clock,
  ) {}

  async decide(remotes: RemoteBook[], options: DecideOptions): Promise<DownloadDecision[]> {
    const now = options.now ?? this.clock.now();
    const formats = await this.customFormats.findAll();
    const shared = await this.sharedContext();
    const contexts = new Map<number, DecisionContext>();
    for (const remote of remotes) {
      if (remote.author && !contexts.has(remote.author.id)) {
        const bookIds = remotes
          .filter((r) => r.author?.id === remote.author!.id)
          .flatMap((r) => r.books.map((b) => b.id));
        contexts.set(remote.author.id, await this.authorContext(remote.author, bookIds, shared, options, now));
      }
    }
    const decisions = remotes.map((remote) => {
      const context = remote.author ? contexts.get(remote.author.id) : undefined;
      this.scoreFormats(remote, formats, context);
      return evaluate(remote, context);
    });
    return prioritize(decisions, {
      now,
      profileItems: (authorId) => (authorId ? (contexts.get(authorId)?.profile.items ?? []) : []),
      preferredProtocol: (authorId) => (authorId ? (contexts.get(authorId)?.delayProfile.preferredProtocol ?? '') : ''),
    });
  }

  private scoreFormats(remote: RemoteBook, formats: CustomFormat[], context: DecisionContext | undefined): void {
    remote.customFormats = matchFormats(formats, formatInput(remote.release, remote.parsed?.releaseGroup));
    remote.customFormatScore = context ? formatScore(remote.customFormats, context.profile.formatItems ?? []) : 0;
  }

  private async sharedContext() {
    const [definitions, releaseProfiles, indexerConfig] = await Promise.all([
      this.qualityDefinitions.findAll(),
      this.releaseProfiles.findAll(),
      this.indexerConfig.load(),
    ]);
    const sizeLimits = new Map<number, QualitySizeLimit>(
      definitions.map((definition) => [
        definition.qualityId,
        { minSize: definition.minSize, maxSize: definition.maxSize },
      ]),
    );
    return { sizeLimits, releaseProfiles, indexerConfig };
  }

  private async authorContext(
    author: LibraryAuthor,
    bookIds: number[],
    shared: Awaited<ReturnType<DecisionService['sharedContext']>>,
    options: DecideOptions,
    now: Date,
  ): Promise<DecisionContext> {
    const [profile, delayProfile, existingFiles, queued, blocklist] = await Promise.all([
      this.qualityProfiles.findById(author.qualityProfileId),
      this.delayProfiles.bestForTags(author.tags ?? []),
      this.repository.existingFiles([...new Set(bookIds)]),
      this.tracked.activeForBooks([...new Set(bookIds)]),
      this.blocklist.forAuthor(author.id),
    ]);
    return {
      now,
      kind: options.kind,
      monitoredOnly: options.monitoredOnly,
      profile,
      delayProfile,
      sizeLimits: shared.sizeLimits,
      releaseProfiles: shared.releaseProfiles,
      indexerConfig: shared.indexerConfig,
      existingFiles,
      queued: queued.map((item) => ({
        bookIds: item.bookIds,
        qualityId: item.quality?.quality?.id ?? 0,
        title: item.title,
      })),
      blocklist,
    };
  }
}
