import { defaultProfileItems, QUALITY_IDS } from '../../src/library/profile/quality/quality';
import type { LibraryAuthor, LibraryBook } from '../../src/acquisition/parser/library-lookup.repository';
import { parseReleaseTitle } from '../../src/acquisition/parser/release-parser';
import type { ReleaseInfo } from '../../src/integrations/indexer/indexer-client';
import type { DecisionContext, RemoteBook } from '../../src/acquisition/decision/remote-book';

/** Builders for decision-engine tests: authors, books, releases and contexts with sensible defaults. */
export const NOW = new Date('2025-11-04T12:00:00Z');

export const author = (overrides: Partial<LibraryAuthor> = {}): LibraryAuthor => ({
  id: 1,
  name: 'Ann Author',
  aliases: [],
  monitored: true,
  qualityProfileId: 1,
  tags: [],
  ...overrides,
});

export const book = (overrides: Partial<LibraryBook> = {}): LibraryBook => ({
  id: 10,
  authorId: 1,
  title: 'The Book',
  editionTitle: null,
  monitored: true,
  releaseDate: new Date('2020-01-01T00:00:00Z'),
  pageCount: 300,
  ...overrides,
});

export const release = (overrides: Partial<ReleaseInfo> = {}): ReleaseInfo => ({
  title: 'Ann Author - The Book (epub)',
  guid: 'guid-1',
  downloadUrl: 'http://indexer/1',
  size: 2 * 1024 * 1024,
  publishDate: new Date(NOW.getTime() - 3 * 86_400_000),
  indexerId: 1,
  indexer: 'Indexer',
  indexerPriority: 25,
  protocol: 'usenet',
  categories: [7020],
  indexerFlags: 0,
  ...overrides,
});

export function remote(overrides: Partial<ReleaseInfo> = {}, extra: Partial<RemoteBook> = {}): RemoteBook {
  const info = release(overrides);
  return {
    release: info,
    parsed: parseReleaseTitle(info.title),
    author: author(),
    books: [book()],
    customFormats: [],
    customFormatScore: 0,
    ...extra,
  };
}

/** The default "eBook" profile with upgrades allowed, cutoff EPUB; the global delay profile without delay. */
export function context(overrides: Partial<DecisionContext> = {}): DecisionContext {
  return {
    now: NOW,
    kind: 'automatic',
    monitoredOnly: true,
    profile: {
      id: 1,
      cutoff: QUALITY_IDS.epub,
      upgradeAllowed: true,
      items: defaultProfileItems([
        QUALITY_IDS.pdf,
        QUALITY_IDS.mobi,
        QUALITY_IDS.epub,
        QUALITY_IDS.azw3,
        QUALITY_IDS.mp3,
        QUALITY_IDS.m4b,
      ]),
      minFormatScore: 0,
      cutoffFormatScore: 0,
      formatItems: [],
    },
    delayProfile: {
      enableUsenet: true,
      enableTorrent: true,
      preferredProtocol: 'usenet',
      usenetDelay: 0,
      torrentDelay: 0,
      bypassIfHighestQuality: false,
      bypassIfAboveCustomFormatScore: false,
      minimumCustomFormatScore: 0,
    },
    sizeLimits: new Map(),
    releaseProfiles: [],
    indexerConfig: { minimumAge: 0, maximumSize: 0, retention: 0, rssSyncInterval: 15 },
    indexers: new Map(),
    propers: 'preferAndUpgrade',
    existingFiles: [],
    queued: [],
    blocklist: [],
    ...overrides,
  };
}
