import { Injectable } from '@nestjs/common';
import { BlocklistService } from '../blocklist/blocklist.service';
import type { LibraryAuthor } from '../parser/library-lookup.repository';
import { CustomFormatService } from '../../library/profile/custom-format/custom-format.service';
import type { CustomFormat } from '../../library/profile/custom-format/custom-format.entity';
import { DelayProfileService } from '../../library/profile/delay-profile/delay-profile.service';
import { QualityDefinitionService } from '../../library/profile/quality/quality-definition.service';
import { QualityProfileService } from '../../library/profile/quality-profile/quality-profile.service';
import { TrackedDownloadService } from '../queue/tracked-download.service';
import { ReleaseProfileService } from '../release-profile/release-profile.service';
import { IndexerConfigService } from '../../platform/settings/indexer/indexer-config.service';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { IndexerService } from '../../integrations/indexer/indexer.service';
import { DecisionRepository, type StoredFile } from './decision.repository';
import type { DecisionContext, QualitySizeLimit } from './remote-book';

/** What every decision of one run shares: settings read once per `decide` call. */
export type SharedDecisionSettings = Pick<
  DecisionContext,
  'sizeLimits' | 'releaseProfiles' | 'indexerConfig' | 'indexers' | 'propers'
> & {
  formats: CustomFormat[];
};

/**
 * The settings one decision run shares: quality sizes, release profiles, indexer settings (global and each
 * indexer's own), the propers setting, custom formats.
 */
@Injectable()
export class DecisionSettingsLoader {
  constructor(
    private readonly qualityDefinitions: QualityDefinitionService,
    private readonly releaseProfiles: ReleaseProfileService,
    private readonly indexerConfig: IndexerConfigService,
    private readonly customFormats: CustomFormatService,
    private readonly indexers: IndexerService,
    private readonly mediaManagement: MediaManagementConfigService,
  ) {}

  async load(): Promise<SharedDecisionSettings> {
    const [definitions, releaseProfiles, indexerConfig, formats, indexers, mediaManagement] = await Promise.all([
      this.qualityDefinitions.findAll(),
      this.releaseProfiles.findAll(),
      this.indexerConfig.load(),
      this.customFormats.findAll(),
      this.indexers.releaseRules(),
      this.mediaManagement.load(),
    ]);
    const sizeLimits = new Map<number, QualitySizeLimit>(
      definitions.map((definition) => [
        definition.qualityId,
        { minSize: definition.minSize, maxSize: definition.maxSize },
      ]),
    );
    return {
      sizeLimits,
      releaseProfiles,
      indexerConfig,
      formats,
      indexers,
      propers: mediaManagement.downloadPropersAndRepacks,
    };
  }
}

/** One author's part of the context: profiles by its settings and tags, the books' files, queue and blocklist. */
export type AuthorDecisionState = Pick<DecisionContext, 'profile' | 'delayProfile' | 'queued' | 'blocklist'> & {
  /** Scored in the profile by the decision service, which holds the custom formats. */
  existingFiles: StoredFile[];
};

@Injectable()
export class AuthorDecisionStateLoader {
  constructor(
    private readonly repository: DecisionRepository,
    private readonly qualityProfiles: QualityProfileService,
    private readonly delayProfiles: DelayProfileService,
    private readonly blocklist: BlocklistService,
    private readonly tracked: TrackedDownloadService,
  ) {}

  async load(author: LibraryAuthor, bookIds: number[]): Promise<AuthorDecisionState> {
    const books = [...new Set(bookIds)];
    const [profile, delayProfile, existingFiles, queued, blocklist] = await Promise.all([
      this.qualityProfiles.findById(author.qualityProfileId),
      this.delayProfiles.bestForTags(author.tags ?? []),
      this.repository.existingFiles(books),
      this.tracked.activeForBooks(books),
      this.blocklist.forAuthor(author.id),
    ]);
    return {
      profile,
      delayProfile,
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
