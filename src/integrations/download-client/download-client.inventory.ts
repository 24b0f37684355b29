import { acts, pending } from '../../platform/settings/inventory/settings-inventory';
import { ProviderKindInventory } from '../core/provider-inventory';
import { Aria2Settings } from './aria2.settings';
import { HadoukenSettings } from './hadouken.settings';
import { UTorrentSettings } from './utorrent.settings';
import { DownloadClientResource } from './download-client.resource';
import {
  QBittorrentSettings,
  SabnzbdSettings,
  TorrentBlackholeSettings,
  TransmissionSettings,
  UsenetBlackholeSettings,
} from './download-client.settings';

/** What each flag of download clients and each field of each implementation does in Quire. */
export const DOWNLOAD_CLIENT_INVENTORY: ProviderKindInventory = {
  kind: 'downloadclient',
  title: 'Download clients',
  resource: DownloadClientResource,
  notSettings: ['protocol'],
  common: {
    name: acts('src/integrations/core/provider.service.ts', [
      'test/medium/integrations/download-client/download-client.medium-spec.ts',
      'an enabled client is tested on save (unless forced); a disabled one is saved as it is',
    ]),
    enable: acts('src/integrations/download-client/download-client-factory.service.ts', [
      'test/medium/integrations/download-client/download-client.medium-spec.ts',
      'an enabled client is tested on save (unless forced); a disabled one is saved as it is',
    ]),
    priority: acts('src/integrations/download-client/download-client-factory.service.ts', [
      'test/medium/integrations/download-client/download-client.medium-spec.ts',
      'an enabled client is tested on save (unless forced); a disabled one is saved as it is',
    ]),
    tags: acts('src/integrations/download-client/download-client-factory.service.ts', [
      'src/acquisition/search/download-client-selection.spec.ts',
      'gives an author without tags only the untagged clients',
    ]),
    removeCompletedDownloads: acts('src/acquisition/queue/download-client-cleanup.service.ts', [
      'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
      'removeCompletedDownloads: an imported torrent leaves the client with its data only once its seed goal is reached',
    ]),
    removeFailedDownloads: acts('src/acquisition/queue/download-client-cleanup.service.ts', [
      'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
      'removeFailedDownloads: a failed torrent leaves the client with its data only when the client says it may',
    ]),
  },
  implementations: {
    QBittorrent: {
      settings: QBittorrentSettings,
      fields: {
        host: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        port: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        useSsl: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'schema lists the five clients with Readarr’s fields and template defaults',
        ]),
        urlBase: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'schema lists the five clients with Readarr’s fields and template defaults',
        ]),
        username: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'answers bad credentials (login says "Fails.") with an authentication failure',
        ]),
        password: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        musicCategory: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        musicImportedCategory: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'musicImportedCategory: after the automatic import the torrent is in that category; when it comes back it is known as imported',
        ]),
        recentTvPriority: pending(
          'sent at grab (to the top of the queue when First), but the real qBittorrent 4.5 keeps the order of adding: not shown to act yet',
        ),
        olderTvPriority: pending(
          'sent at grab (to the top of the queue when First), but the real qBittorrent 4.5 keeps the order of adding: not shown to act yet',
        ),
        initialState: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'adding stopped: a client set to add torrents paused leaves a grab stopped in the daemon; by default it runs',
        ]),
        sequentialOrder: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'schema lists the five clients with Readarr’s fields and template defaults',
        ]),
        firstAndLast: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'schema lists the five clients with Readarr’s fields and template defaults',
        ]),
        contentLayout: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'schema lists the five clients with Readarr’s fields and template defaults',
        ]),
      },
    },
    Sabnzbd: {
      settings: SabnzbdSettings,
      fields: {
        host: acts('src/integrations/download-client/sabnzbd.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        port: acts('src/integrations/download-client/sabnzbd.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        useSsl: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'schema lists the five clients with Readarr’s fields and template defaults',
        ]),
        urlBase: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'schema lists the five clients with Readarr’s fields and template defaults',
        ]),
        username: acts('src/integrations/download-client/sabnzbd.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'answers bad credentials (login says "Fails.") with an authentication failure',
        ]),
        password: acts('src/integrations/download-client/sabnzbd.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        musicCategory: acts('src/integrations/download-client/sabnzbd.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        apiKey: acts('src/integrations/download-client/sabnzbd.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        recentTvPriority: acts('src/integrations/download-client/sabnzbd.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'bulk-edits enable/priority/remove flags and tags; testall covers every enabled client',
        ]),
        olderTvPriority: pending(
          'sent at grab as the job priority of books released more than 14 days ago, not yet shown by a test',
        ),
      },
    },
    Transmission: {
      settings: TransmissionSettings,
      fields: {
        host: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        port: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        useSsl: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'schema lists the five clients with Readarr’s fields and template defaults',
        ]),
        urlBase: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'schema lists the five clients with Readarr’s fields and template defaults',
        ]),
        username: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'answers bad credentials (login says "Fails.") with an authentication failure',
        ]),
        password: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        musicCategory: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saves, adds a torrent with the category, lists it with content_path and removes it; re-logs in on 403',
        ]),
        tvDirectory: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'does the 409 session-id dance on every call, even when the id changes',
        ]),
        recentTvPriority: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'recentTvPriority/olderTvPriority: a book out within 14 days gets the recent priority, an older one the older',
        ]),
        olderTvPriority: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'recentTvPriority/olderTvPriority: a book out within 14 days gets the recent priority, an older one the older',
        ]),
        addPaused: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'adding stopped: a client set to add torrents paused leaves a grab stopped in the daemon; by default it runs',
        ]),
      },
    },
    Aria2: {
      settings: Aria2Settings,
      fields: {
        host: acts('src/integrations/download-client/aria2.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'grabs a .torrent file, the queue shows it; once checked it is imported and keeps seeding',
        ]),
        port: acts('src/integrations/download-client/aria2.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'grabs a .torrent file, the queue shows it; once checked it is imported and keeps seeding',
        ]),
        rpcPath: acts('src/integrations/download-client/aria2.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'rpcPath: Quire calls aria2’s XML-RPC at that path; another path fails the test on Host',
        ]),
        useSsl: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/client-schemas.e2e-spec.ts',
          '$implementation: Readarr’s name, contract, fields and defaults',
        ]),
        secretToken: acts('src/integrations/download-client/aria2.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'test: the right credentials pass; a wrong password or secret fails on the field and with the message Readarr gives',
        ]),
      },
    },
    Vuze: {
      settings: TransmissionSettings,
      fields: {
        host: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'grabs a .torrent file, the queue shows it; once checked it is imported and keeps seeding',
        ]),
        port: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'grabs a .torrent file, the queue shows it; once checked it is imported and keeps seeding',
        ]),
        useSsl: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/client-schemas.e2e-spec.ts',
          '$implementation: Readarr’s name, contract, fields and defaults',
        ]),
        urlBase: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/client-schemas.e2e-spec.ts',
          '$implementation: Readarr’s name, contract, fields and defaults',
        ]),
        username: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'test: the right credentials pass; a wrong password or secret fails on the field and with the message Readarr gives',
        ]),
        password: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'test: the right credentials pass; a wrong password or secret fails on the field and with the message Readarr gives',
        ]),
        musicCategory: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'grabs a .torrent file, the queue shows it; once checked it is imported and keeps seeding',
        ]),
        tvDirectory: pending('the same code as Transmission’s Directory, not yet shown against a Vuze client'),
        recentTvPriority: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'recentTvPriority/olderTvPriority: a book out within 14 days gets the recent priority, an older one the older',
        ]),
        olderTvPriority: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'recentTvPriority/olderTvPriority: a book out within 14 days gets the recent priority, an older one the older',
        ]),
        addPaused: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'adding stopped: a client set to add torrents paused leaves a grab stopped in the daemon; by default it runs',
        ]),
      },
    },
    UTorrent: {
      settings: UTorrentSettings,
      fields: {
        host: acts('src/integrations/download-client/utorrent.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'grab and queue: a .torrent gets the category label and is listed downloading, then completed and removable',
        ]),
        port: acts('src/integrations/download-client/utorrent.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'grab and queue: a .torrent gets the category label and is listed downloading, then completed and removable',
        ]),
        useSsl: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/client-schemas.e2e-spec.ts',
          '$implementation: Readarr’s name, contract, fields and defaults',
        ]),
        urlBase: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/client-schemas.e2e-spec.ts',
          '$implementation: Readarr’s name, contract, fields and defaults',
        ]),
        username: acts('src/integrations/download-client/utorrent.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'test: the right credentials pass; a wrong password fails with Readarr’s message on its field',
        ]),
        password: acts('src/integrations/download-client/utorrent.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'test: the right credentials pass; a wrong password fails with Readarr’s message on its field',
        ]),
        musicCategory: acts('src/integrations/download-client/utorrent.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'grab and queue: a .torrent gets the category label and is listed downloading, then completed and removable',
        ]),
        musicImportedCategory: acts('src/integrations/download-client/utorrent.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'post-import label: an imported download gets the post-import label and leaves Quire’s category; a client without one has none',
        ]),
        recentTvPriority: pending(
          'sent at grab (queuetop when First); the fake keeps no queue order, so not shown yet',
        ),
        olderTvPriority: pending('sent at grab (queuetop when First); the fake keeps no queue order, so not shown yet'),
        intialState: pending('sent at grab as the start, forcestart, pause or stop action; not yet shown by a test'),
      },
    },
    Hadouken: {
      settings: HadoukenSettings,
      fields: {
        host: acts('src/integrations/download-client/hadouken.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'grab and queue: a .torrent gets the category label and is listed downloading, then completed and removable',
        ]),
        port: acts('src/integrations/download-client/hadouken.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'grab and queue: a .torrent gets the category label and is listed downloading, then completed and removable',
        ]),
        useSsl: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/client-schemas.e2e-spec.ts',
          '$implementation: Readarr’s name, contract, fields and defaults',
        ]),
        urlBase: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/client-schemas.e2e-spec.ts',
          '$implementation: Readarr’s name, contract, fields and defaults',
        ]),
        username: acts('src/integrations/download-client/hadouken.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'test: the right credentials pass; a wrong password fails with Readarr’s message on its field',
        ]),
        password: acts('src/integrations/download-client/hadouken.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'test: the right credentials pass; a wrong password fails with Readarr’s message on its field',
        ]),
        category: acts('src/integrations/download-client/hadouken.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'grab and queue: a .torrent gets the category label and is listed downloading, then completed and removable',
        ]),
      },
    },
    TorrentBlackhole: {
      settings: TorrentBlackholeSettings,
      fields: {
        torrentFolder: acts('src/integrations/download-client/blackhole.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'fail the test for a missing folder',
        ]),
        watchFolder: acts('src/integrations/download-client/blackhole.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'fail the test for a missing folder',
        ]),
        saveMagnetFiles: acts('src/integrations/download-client/blackhole.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saveMagnetFiles and magnetFileExtension: a magnet is refused unless saved, then written with the chosen extension',
        ]),
        magnetFileExtension: acts('src/integrations/download-client/blackhole.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'saveMagnetFiles and magnetFileExtension: a magnet is refused unless saved, then written with the chosen extension',
        ]),
        readOnly: acts('src/integrations/download-client/blackhole.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'write .torrent/.magnet/.nzb files and report the watch folder as completed downloads',
        ]),
      },
    },
    UsenetBlackhole: {
      settings: UsenetBlackholeSettings,
      fields: {
        nzbFolder: acts('src/integrations/download-client/blackhole.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'write .torrent/.magnet/.nzb files and report the watch folder as completed downloads',
        ]),
        watchFolder: acts('src/integrations/download-client/blackhole.client.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'fail the test for a missing folder',
        ]),
      },
    },
  },
};
