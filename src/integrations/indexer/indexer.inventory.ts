import { acts } from '../../platform/settings/inventory/settings-inventory';
import { ProviderKindInventory } from '../core/provider-inventory';
import { IndexerResource } from './indexer.resource';
import { NewznabSettings, TorznabSettings } from './newznab.settings';
import { TorrentRssIndexerSettings } from './torrent-rss.settings';

/** What each flag of indexers and each field of each implementation does in Quire. */
export const INDEXER_INVENTORY: ProviderKindInventory = {
  kind: 'indexer',
  title: 'Indexers',
  resource: IndexerResource,
  notSettings: ['supportsRss', 'supportsSearch', 'protocol'],
  common: {
    name: acts('src/integrations/core/provider.service.ts', [
      'test/medium/integrations/indexer/indexer.medium-spec.ts',
      'an indexer is enabled while any use is; the flags and priority are stored with it',
    ]),
    enableRss: acts('src/integrations/indexer/indexer-factory.service.ts', [
      'test/medium/integrations/indexer/indexer.medium-spec.ts',
      'an indexer is enabled while any use is; the flags and priority are stored with it',
    ]),
    enableAutomaticSearch: acts('src/integrations/indexer/indexer-factory.service.ts', [
      'test/medium/integrations/indexer/indexer.medium-spec.ts',
      'an indexer is enabled while any use is; the flags and priority are stored with it',
    ]),
    enableInteractiveSearch: acts('src/integrations/indexer/indexer-factory.service.ts', [
      'test/medium/integrations/indexer/indexer.medium-spec.ts',
      'an indexer is enabled while any use is; the flags and priority are stored with it',
    ]),
    priority: acts('src/integrations/indexer/indexer-factory.service.ts', [
      'test/medium/integrations/indexer/indexer.medium-spec.ts',
      'an indexer is enabled while any use is; the flags and priority are stored with it',
    ]),
    downloadClientId: acts('src/acquisition/search/grab.service.ts', [
      'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
      'backs off a client whose calls keep failing',
    ]),
    tags: acts('src/acquisition/decision/specifications/indexer-tag.specification.ts', [
      'test/e2e/acquisition/search/indexer-settings.e2e-spec.ts',
      'a tagged indexer serves only authors sharing a tag: searches skip it, its RSS releases are rejected',
    ]),
  },
  implementations: {
    Newznab: {
      settings: NewznabSettings,
      fields: {
        baseUrl: acts('src/integrations/indexer/newznab-api.ts', [
          'test/e2e/integrations/indexer/provider-indexer.e2e-spec.ts',
          'rejects a wrong key with an ApiKey failure unless forceSave, and names must be unique',
        ]),
        apiPath: acts('src/integrations/indexer/newznab-api.ts', [
          'test/e2e/integrations/indexer/provider-indexer.e2e-spec.ts',
          'schema lists Newznab and Torznab with Readarr’s exact fields and the Newznab presets',
        ]),
        apiKey: acts('src/integrations/indexer/newznab-api.ts', [
          'test/e2e/integrations/indexer/provider-indexer.e2e-spec.ts',
          'testall reports each enabled indexer; the stored test uses the stored key',
        ]),
        categories: acts('src/integrations/indexer/newznab-api.ts', [
          'test/e2e/integrations/indexer/provider-indexer.e2e-spec.ts',
          'rejects a wrong key with an ApiKey failure unless forceSave, and names must be unique',
        ]),
        earlyReleaseLimit: acts('src/acquisition/decision/specifications/early-release.specification.ts', [
          'test/e2e/acquisition/search/indexer-settings.e2e-spec.ts',
          'a release published further before the book’s release date than the early download limit is not grabbed',
        ]),
        additionalParameters: acts('src/integrations/indexer/newznab-api.ts', [
          'test/e2e/integrations/indexer/provider-indexer.e2e-spec.ts',
          'schema lists Newznab and Torznab with Readarr’s exact fields and the Newznab presets',
        ]),
      },
    },
    Torznab: {
      settings: TorznabSettings,
      fields: {
        baseUrl: acts('src/integrations/indexer/newznab-api.ts', [
          'test/e2e/integrations/indexer/provider-indexer.e2e-spec.ts',
          'rejects a wrong key with an ApiKey failure unless forceSave, and names must be unique',
        ]),
        apiPath: acts('src/integrations/indexer/newznab-api.ts', [
          'test/e2e/integrations/indexer/provider-indexer.e2e-spec.ts',
          'schema lists Newznab and Torznab with Readarr’s exact fields and the Newznab presets',
        ]),
        apiKey: acts('src/integrations/indexer/newznab-api.ts', [
          'test/e2e/integrations/indexer/provider-indexer.e2e-spec.ts',
          'testall reports each enabled indexer; the stored test uses the stored key',
        ]),
        categories: acts('src/integrations/indexer/newznab-api.ts', [
          'test/e2e/integrations/indexer/provider-indexer.e2e-spec.ts',
          'rejects a wrong key with an ApiKey failure unless forceSave, and names must be unique',
        ]),
        earlyReleaseLimit: acts('src/acquisition/decision/specifications/early-release.specification.ts', [
          'test/e2e/acquisition/search/indexer-settings.e2e-spec.ts',
          'a release published further before the book’s release date than the early download limit is not grabbed',
        ]),
        additionalParameters: acts('src/integrations/indexer/newznab-api.ts', [
          'test/e2e/integrations/indexer/provider-indexer.e2e-spec.ts',
          'schema lists Newznab and Torznab with Readarr’s exact fields and the Newznab presets',
        ]),
        minimumSeeders: acts('src/acquisition/decision/specifications/torrent-seeding.specification.ts', [
          'test/e2e/acquisition/search/indexer-settings.e2e-spec.ts',
          'a torrent with fewer seeders than the indexer’s minimum is rejected and the next release is grabbed',
        ]),
        'seedCriteria.seedRatio': acts('src/acquisition/search/grab.service.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'seedCriteria: the Torznab indexer’s seed ratio and seed time are set on the torrent at grab',
        ]),
        'seedCriteria.seedTime': acts('src/acquisition/search/grab.service.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'seedCriteria: the Torznab indexer’s seed ratio and seed time are set on the torrent at grab',
        ]),
        'seedCriteria.discographySeedTime': acts('src/acquisition/search/grab.service.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'seedCriteria.discographySeedTime: a discography release (an author’s collected works) seeds for the discography time instead',
        ]),
        rejectBlocklistedTorrentHashesWhileGrabbing: acts('src/acquisition/search/grab.service.ts', [
          'test/e2e/acquisition/search/indexer-settings.e2e-spec.ts',
          'a torrent whose hash, learnt at grab, is blocklisted is refused when the indexer asks for it',
        ]),
      },
    },
    TorrentRssIndexer: {
      settings: TorrentRssIndexerSettings,
      fields: {
        baseUrl: acts('src/integrations/indexer/torrent-rss.indexer.ts', [
          'test/e2e/integrations/indexer/torrent-rss.e2e-spec.ts',
          'Torrent RSS: sizes, seeders, peers and hashes come from EZRSS elements or from the description',
        ]),
        cookie: acts('src/integrations/indexer/torrent-rss.indexer.ts', [
          'test/e2e/integrations/indexer/torrent-rss.e2e-spec.ts',
          'Torrent RSS: the cookie is sent with the feed request; without it the site’s login page fails the test',
        ]),
        allowZeroSize: acts('src/integrations/indexer/torrent-rss.indexer.ts', [
          'test/e2e/integrations/indexer/torrent-rss.e2e-spec.ts',
          'Torrent RSS: a feed without sizes is refused unless Allow Zero Size is on',
        ]),
        earlyReleaseLimit: acts('src/acquisition/decision/specifications/early-release.specification.ts', [
          'test/e2e/acquisition/search/indexer-settings.e2e-spec.ts',
          'a release published further before the book’s release date than the early download limit is not grabbed',
        ]),
        minimumSeeders: acts('src/acquisition/decision/specifications/torrent-seeding.specification.ts', [
          'test/e2e/integrations/indexer/torrent-rss.e2e-spec.ts',
          'Torrent RSS: RSS sync skips the release under the minimum seeders and grabs the next with the seed ratio',
        ]),
        'seedCriteria.seedRatio': acts('src/acquisition/search/grab.service.ts', [
          'test/e2e/integrations/indexer/torrent-rss.e2e-spec.ts',
          'Torrent RSS: RSS sync skips the release under the minimum seeders and grabs the next with the seed ratio',
        ]),
        'seedCriteria.seedTime': acts('src/acquisition/search/grab.service.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'seedCriteria: the Torznab indexer’s seed ratio and seed time are set on the torrent at grab',
        ]),
        'seedCriteria.discographySeedTime': acts('src/acquisition/search/grab.service.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'seedCriteria.discographySeedTime: a discography release (an author’s collected works) seeds for the discography time instead',
        ]),
        rejectBlocklistedTorrentHashesWhileGrabbing: acts('src/acquisition/search/grab.service.ts', [
          'test/e2e/acquisition/search/indexer-settings.e2e-spec.ts',
          'a torrent whose hash, learnt at grab, is blocklisted is refused when the indexer asks for it',
        ]),
      },
    },
  },
};
