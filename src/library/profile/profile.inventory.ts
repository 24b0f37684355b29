import { acts, resourceSurface, SettingsSurface } from '../../platform/settings/inventory/settings-inventory';
import { QualityProfileResource } from './quality-profile/quality-profile.resource';
import { DelayProfileResource } from './delay-profile/delay-profile.resource';
import { MetadataProfileResource } from './metadata-profile/metadata-profile.resource';

// What each field of the quality, delay and metadata profiles does in Quire.

export const QUALITY_PROFILE_INVENTORY: SettingsSurface = resourceSurface({
  id: 'qualityprofile',
  title: 'Quality profiles',
  route: '/api/v1/qualityprofile',
  resource: QualityProfileResource,
  defaults: {},
  entries: {
    name: acts('src/library/profile/quality-profile/quality-profile.service.ts', [
      'test/e2e/library/profile/profiles-quality.e2e-spec.ts',
      'has the eBook and Spoken profiles with every quality listed',
    ]),
    upgradeAllowed: acts('src/acquisition/decision/specifications/upgrade-allowed.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'UpgradeAllowed: a book with a same-kind file is only upgraded when the profile allows it',
    ]),
    cutoff: acts('src/acquisition/decision/specifications/cutoff.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'Cutoff: no upgrade once a same-kind file meets the cutoff',
    ]),
    items: acts('src/acquisition/decision/quality-ranking.ts', [
      'src/acquisition/decision/decision-engine.spec.ts',
      'scores matched formats with the profile’s format items',
    ]),
    minFormatScore: acts('src/acquisition/decision/specifications/custom-format-score.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'CustomFormatScore: the profile minimum format score',
    ]),
    cutoffFormatScore: acts('src/acquisition/decision/specifications/cutoff.specification.ts', [
      'test/e2e/acquisition/search/upgrade-settings.e2e-spec.ts',
      'cutoffFormatScore: a file at the quality cutoff is upgraded until its custom-format score reaches the cutoff',
    ]),
    formatItems: acts('src/acquisition/decision/custom-format-calculator.ts', [
      'test/e2e/library/profile/profiles-metadata-delay-format.e2e-spec.ts',
      'create → read → update → list → delete, and profiles list the format',
    ]),
  },
});

export const DELAY_PROFILE_INVENTORY: SettingsSurface = resourceSurface({
  id: 'delayprofile',
  title: 'Delay profiles',
  route: '/api/v1/delayprofile',
  resource: DelayProfileResource,
  defaults: {},
  entries: {
    preferredProtocol: acts('src/acquisition/decision/specifications/delay.specification.ts', [
      'src/acquisition/decision/decision-engine.spec.ts',
      'ranks by profile quality, then format score, preferred protocol, indexer priority, seeders, size',
    ]),
    usenetDelay: acts('src/acquisition/decision/specifications/delay.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'Delay: waits the protocol delay unless bypassed; interactive never waits',
    ]),
    torrentDelay: acts('src/acquisition/decision/specifications/delay.specification.ts', [
      'test/e2e/library/profile/profiles-metadata-delay-format.e2e-spec.ts',
      'has the global profile (id 1, last, usenet preferred, no tags) that cannot be deleted',
    ]),
    bypassIfHighestQuality: acts('src/acquisition/decision/specifications/delay.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'Delay: waits the protocol delay unless bypassed; interactive never waits',
    ]),
    bypassIfAboveCustomFormatScore: acts('src/acquisition/decision/specifications/delay.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'Delay: waits the protocol delay unless bypassed; interactive never waits',
    ]),
    minimumCustomFormatScore: acts('src/acquisition/decision/specifications/delay.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'Delay: waits the protocol delay unless bypassed; interactive never waits',
    ]),
    enableUsenet: acts('src/acquisition/decision/specifications/protocol.specification.ts', [
      'test/e2e/library/profile/profiles-metadata-delay-format.e2e-spec.ts',
      'has the global profile (id 1, last, usenet preferred, no tags) that cannot be deleted',
    ]),
    enableTorrent: acts('src/acquisition/decision/specifications/protocol.specification.ts', [
      'src/acquisition/decision/specifications/specifications.spec.ts',
      'Protocol: the delay profile must enable the protocol',
    ]),
    order: acts('src/library/profile/delay-profile/delay-profile.service.ts', [
      'test/e2e/library/profile/profiles-metadata-delay-format.e2e-spec.ts',
      'has the global profile (id 1, last, usenet preferred, no tags) that cannot be deleted',
    ]),
    tags: acts('src/acquisition/decision/remote-book.ts', [
      'test/e2e/library/profile/profiles-metadata-delay-format.e2e-spec.ts',
      'has the global profile (id 1, last, usenet preferred, no tags) that cannot be deleted',
    ]),
  },
});

export const METADATA_PROFILE_INVENTORY: SettingsSurface = resourceSurface({
  id: 'metadataprofile',
  title: 'Metadata profiles',
  route: '/api/v1/metadataprofile',
  resource: MetadataProfileResource,
  defaults: {},
  entries: {
    minPopularity: acts('src/metadata/source/refresh/book-filter.ts', [
      'src/metadata/source/refresh/book-filter.spec.ts',
      'rejects works below minPopularity, without a date, parts/sets, ignored terms, other languages',
    ]),
    skipMissingDate: acts('src/metadata/source/refresh/book-filter.ts', [
      'src/metadata/source/refresh/book-filter.spec.ts',
      'rejects works below minPopularity, without a date, parts/sets, ignored terms, other languages',
    ]),
    skipMissingIsbn: acts('src/metadata/source/refresh/book-filter.ts', [
      'src/metadata/source/refresh/book-filter.spec.ts',
      'filters editions by language (null = no language), known page count and ISBN/ASIN',
    ]),
    skipPartsAndSets: acts('src/metadata/source/refresh/book-filter.ts', [
      'src/metadata/source/refresh/book-filter.spec.ts',
      'rejects works below minPopularity, without a date, parts/sets, ignored terms, other languages',
    ]),
    allowedLanguages: acts('src/metadata/source/refresh/book-filter.ts', [
      'src/metadata/source/refresh/book-filter.spec.ts',
      'rejects works below minPopularity, without a date, parts/sets, ignored terms, other languages',
    ]),
    minPages: acts('src/metadata/source/refresh/book-filter.ts', [
      'src/metadata/source/refresh/book-filter.spec.ts',
      'filters editions by language (null = no language), known page count and ISBN/ASIN',
    ]),
    ignored: acts('src/metadata/source/refresh/book-filter.ts', [
      'src/metadata/source/refresh/book-filter.spec.ts',
      'rejects works below minPopularity, without a date, parts/sets, ignored terms, other languages',
    ]),
    name: acts('src/library/profile/metadata-profile/metadata-profile.service.ts', [
      'test/e2e/library/profile/profiles-metadata-delay-format.e2e-spec.ts',
      'has Standard and None seeded',
    ]),
    skipSeriesSecondary: acts('src/metadata/source/refresh/author-catalogue-fetcher.ts', [
      'test/e2e/metadata/source/metadata-profile-series.e2e-spec.ts',
      'on: a book that is only a secondary series entry (position 2.5) is not added; whole-numbered ones are',
    ]),
  },
});

export const PROFILE_INVENTORIES: SettingsSurface[] = [
  QUALITY_PROFILE_INVENTORY,
  DELAY_PROFILE_INVENTORY,
  METADATA_PROFILE_INVENTORY,
];
