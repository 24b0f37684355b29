import { acts } from '../../platform/settings/inventory/settings-inventory';
import { ProviderKindInventory } from '../core/provider-inventory';
import { Aria2Settings } from './aria2.settings';
import { DelugeSettings } from './deluge.settings';
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
import { DownloadStationSettings } from './download-station.settings';
import { NzbVortexSettings } from './nzbvortex.settings';
import { PneumaticSettings } from './pneumatic.settings';
import { NzbgetSettings } from './nzbget.settings';
import { RTorrentSettings } from './rtorrent.settings';

const DS_SPEC = 'test/e2e/integrations/download-client/download-station.e2e-spec.ts';
const DS_CODE = 'src/integrations/download-client/download-station/download-station-client.ts';
const DS_CONNECTION = 'src/integrations/download-client/download-station/disk-station-connection.ts';
const VORTEX_SPEC = 'test/e2e/integrations/download-client/nzbvortex-pneumatic.e2e-spec.ts';
const VORTEX_CODE = 'src/integrations/download-client/nzbvortex.client.ts';
const PNEUMATIC_CODE = 'src/integrations/download-client/pneumatic.client.ts';

/** Both Download Station clients read the same settings the same way. */
const downloadStationFields = (grab: string) => ({
  host: acts(DS_CONNECTION, [
    DS_SPEC,
    'test: passes; a wrong password fails on Username, an unreachable host on Host, with Readarr’s messages',
  ]),
  port: acts(DS_CONNECTION, [
    DS_SPEC,
    'test: passes; a wrong password fails on Username, an unreachable host on Host, with Readarr’s messages',
  ]),
  useSsl: acts(DS_CONNECTION, [
    DS_SPEC,
    'useSsl: the DiskStation behind HTTPS is reached with https, plain HTTP to it fails on Host',
  ]),
  username: acts(DS_CONNECTION, [
    DS_SPEC,
    'test: passes; a wrong password fails on Username, an unreachable host on Host, with Readarr’s messages',
  ]),
  password: acts(DS_CONNECTION, [
    DS_SPEC,
    'test: passes; a wrong password fails on Username, an unreachable host on Host, with Readarr’s messages',
  ]),
  musicCategory: acts(DS_CODE, [DS_SPEC, grab]),
  tvDirectory: acts(DS_CODE, [
    DS_SPEC,
    'test: a missing shared folder or folder fails on Directory or Category; no default destination on Directory',
  ]),
});

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
    Deluge: {
      settings: DelugeSettings,
      fields: {
        host: acts('src/integrations/download-client/deluge.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-deluge.e2e-spec.ts',
          'test(): unreachable, a wrong url base, a wrong password and a daemon deluge-web cannot reach each fail on their field',
        ]),
        port: acts('src/integrations/download-client/deluge.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-deluge.e2e-spec.ts',
          'test(): unreachable, a wrong url base, a wrong password and a daemon deluge-web cannot reach each fail on their field',
        ]),
        useSsl: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/real-daemon-deluge.e2e-spec.ts',
          'useSsl: a deluge-web serving HTTPS passes the test with SSL on; with it off the test fails on Use SSL',
        ]),
        urlBase: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/real-daemon-deluge.e2e-spec.ts',
          'test(): unreachable, a wrong url base, a wrong password and a daemon deluge-web cannot reach each fail on their field',
        ]),
        password: acts('src/integrations/download-client/deluge.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'test: the right credentials pass; a wrong password fails on its field with Readarr’s message',
        ]),
        musicCategory: acts('src/integrations/download-client/deluge.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-deluge.e2e-spec.ts',
          'test(): with the Label plugin off a category fails on Category; with it on, missing labels are created',
        ]),
        musicImportedCategory: acts('src/integrations/download-client/deluge.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-deluge.e2e-spec.ts',
          'musicImportedCategory: after the automatic import the torrent carries that label; when it comes back it is known as imported',
        ]),
        recentTvPriority: acts('src/integrations/download-client/deluge.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'recentTvPriority/olderTvPriority: a book out within 14 days gets the recent priority, an older one the older',
        ]),
        olderTvPriority: acts('src/integrations/download-client/deluge.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'recentTvPriority/olderTvPriority: a book out within 14 days gets the recent priority, an older one the older',
        ]),
        addPaused: acts('src/integrations/download-client/deluge.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'adding stopped: a client set to add torrents paused leaves a grab stopped in the daemon; by default it runs',
        ]),
        downloadDirectory: acts('src/integrations/download-client/deluge.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-deluge.e2e-spec.ts',
          'downloadDirectory and completedDirectory: the torrent is saved in the one and set to move to the other; the import reads it where it is',
        ]),
        completedDirectory: acts('src/integrations/download-client/deluge.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-deluge.e2e-spec.ts',
          'downloadDirectory and completedDirectory: the torrent is saved in the one and set to move to the other; the import reads it where it is',
        ]),
      },
    },
    Nzbget: {
      settings: NzbgetSettings,
      fields: {
        host: acts('src/integrations/download-client/nzbget.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-nzbget.e2e-spec.ts',
          'test: the right login passes; a wrong password fails on Username, an unreachable host on Host, a missing category on MusicCategory, with Readarr’s messages',
        ]),
        port: acts('src/integrations/download-client/nzbget.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-nzbget.e2e-spec.ts',
          'test: the right login passes; a wrong password fails on Username, an unreachable host on Host, a missing category on MusicCategory, with Readarr’s messages',
        ]),
        useSsl: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/real-daemon-nzbget.e2e-spec.ts',
          'schema: Nzbget has Readarr’s fields and defaults (port 6789, login nzbget/tegbzn6789, category Readarr, NZBGet’s priorities)',
        ]),
        urlBase: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/real-daemon-nzbget.e2e-spec.ts',
          'schema: Nzbget has Readarr’s fields and defaults (port 6789, login nzbget/tegbzn6789, category Readarr, NZBGet’s priorities)',
        ]),
        username: acts('src/integrations/download-client/nzbget.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-nzbget.e2e-spec.ts',
          'test: the right login passes; a wrong password fails on Username, an unreachable host on Host, a missing category on MusicCategory, with Readarr’s messages',
        ]),
        password: acts('src/integrations/download-client/nzbget.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-nzbget.e2e-spec.ts',
          'test: the right login passes; a wrong password fails on Username, an unreachable host on Host, a missing category on MusicCategory, with Readarr’s messages',
        ]),
        musicCategory: acts('src/integrations/download-client/nzbget.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-nzbget.e2e-spec.ts',
          'grab: the NZB from the Newznab search reaches NZBGet in the category; NZBGet downloads its articles from the news server, the queue shows its progress, and Quire imports the book',
        ]),
        recentTvPriority: acts('src/integrations/download-client/nzbget.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-nzbget.e2e-spec.ts',
          'addPaused, recentTvPriority and olderTvPriority: a recent book is added paused with the recent priority, an older one with the older; the queue shows them paused',
        ]),
        olderTvPriority: acts('src/integrations/download-client/nzbget.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-nzbget.e2e-spec.ts',
          'addPaused, recentTvPriority and olderTvPriority: a recent book is added paused with the recent priority, an older one with the older; the queue shows them paused',
        ]),
        addPaused: acts('src/integrations/download-client/nzbget.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-nzbget.e2e-spec.ts',
          'addPaused, recentTvPriority and olderTvPriority: a recent book is added paused with the recent priority, an older one with the older; the queue shows them paused',
        ]),
      },
    },
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
        recentTvPriority: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'recentTvPriority/olderTvPriority: a book out within 14 days gets the recent priority, an older one the older',
        ]),
        olderTvPriority: acts('src/integrations/download-client/qbittorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'recentTvPriority/olderTvPriority: a book out within 14 days gets the recent priority, an older one the older',
        ]),
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
    RTorrent: {
      settings: RTorrentSettings,
      fields: {
        host: acts('src/integrations/download-client/rtorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-rtorrent.e2e-spec.ts',
          'test(): no rTorrent behind the address or a wrong Url Path fails on Host with Readarr’s message; a missing Directory fails on it',
        ]),
        port: acts('src/integrations/download-client/rtorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-rtorrent.e2e-spec.ts',
          'test(): no rTorrent behind the address or a wrong Url Path fails on Host with Readarr’s message; a missing Directory fails on it',
        ]),
        useSsl: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/provider-download-client.e2e-spec.ts',
          'schema lists the five clients with Readarr’s fields and template defaults',
        ]),
        urlBase: acts('src/integrations/core/provider-http.ts', [
          'test/e2e/integrations/download-client/real-daemon-rtorrent.e2e-spec.ts',
          'test(): no rTorrent behind the address or a wrong Url Path fails on Host with Readarr’s message; a missing Directory fails on it',
        ]),
        username: acts('src/integrations/download-client/rtorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'test: the right credentials pass; a wrong password fails on its field with Readarr’s message',
        ]),
        password: acts('src/integrations/download-client/rtorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'test: the right credentials pass; a wrong password fails on its field with Readarr’s message',
        ]),
        musicCategory: acts('src/integrations/download-client/rtorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-rtorrent.e2e-spec.ts',
          'musicCategory, musicDirectory and priorities: a grab carries the label, lands in the directory and gets the recent or older priority',
        ]),
        musicImportedCategory: acts('src/integrations/download-client/rtorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-rtorrent.e2e-spec.ts',
          'musicImportedCategory: after the automatic import rTorrent labels the torrent with it and adds it to Readarr’s imported view',
        ]),
        musicDirectory: acts('src/integrations/download-client/rtorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-rtorrent.e2e-spec.ts',
          'musicCategory, musicDirectory and priorities: a grab carries the label, lands in the directory and gets the recent or older priority',
        ]),
        recentTvPriority: acts('src/integrations/download-client/rtorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-rtorrent.e2e-spec.ts',
          'musicCategory, musicDirectory and priorities: a grab carries the label, lands in the directory and gets the recent or older priority',
        ]),
        olderTvPriority: acts('src/integrations/download-client/rtorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-rtorrent.e2e-spec.ts',
          'musicCategory, musicDirectory and priorities: a grab carries the label, lands in the directory and gets the recent or older priority',
        ]),
        addStopped: acts('src/integrations/download-client/rtorrent.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'adding stopped: a client set to add torrents paused leaves a grab stopped in the daemon; by default it runs',
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
          'test/e2e/integrations/download-client/sabnzbd-priority.e2e-spec.ts',
          'recentTvPriority / olderTvPriority: a book out this week is sent with the recent priority, an older one with the older priority',
        ]),
        olderTvPriority: acts('src/integrations/download-client/sabnzbd.client.ts', [
          'test/e2e/integrations/download-client/sabnzbd-priority.e2e-spec.ts',
          'recentTvPriority / olderTvPriority: a book out this week is sent with the recent priority, an older one with the older priority',
        ]),
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
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'tvDirectory: a grab is saved in the client’s Directory instead of the category folder',
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
          'test: the right credentials pass; a wrong password fails on its field with Readarr’s message',
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
          'test: the right credentials pass; a wrong password fails on its field with Readarr’s message',
        ]),
        password: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'test: the right credentials pass; a wrong password fails on its field with Readarr’s message',
        ]),
        musicCategory: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'grabs a .torrent file, the queue shows it; once checked it is imported and keeps seeding',
        ]),
        tvDirectory: acts('src/integrations/download-client/transmission.client.ts', [
          'test/e2e/integrations/download-client/real-daemon-torrent-clients.e2e-spec.ts',
          'tvDirectory: a grab is saved in the client’s Directory instead of the category folder',
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
        recentTvPriority: acts('src/integrations/download-client/utorrent.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'recentTvPriority / olderTvPriority: First moves a recent book (or an older one) to the top of the queue; Last leaves it',
        ]),
        olderTvPriority: acts('src/integrations/download-client/utorrent.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'recentTvPriority / olderTvPriority: First moves a recent book (or an older one) to the top of the queue; Last leaves it',
        ]),
        intialState: acts('src/integrations/download-client/utorrent.client.ts', [
          'test/e2e/integrations/download-client/fake-torrent-clients.e2e-spec.ts',
          'intialState: the torrent is started, force-started, paused or stopped after adding, as chosen',
        ]),
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
    TorrentDownloadStation: {
      settings: DownloadStationSettings,
      fields: downloadStationFields(
        'grabs a .torrent through Quire into the category folder; once finished it is imported, then removed with its data',
      ),
    },
    UsenetDownloadStation: {
      settings: DownloadStationSettings,
      fields: downloadStationFields(
        'grabs an NZB through Quire; time left counts the NZBs before it; once finished it is imported',
      ),
    },
    NzbVortex: {
      settings: NzbVortexSettings,
      fields: {
        host: acts(VORTEX_CODE, [
          VORTEX_SPEC,
          'test: a wrong API key fails on ApiKey; a wrong URL base, host or old API level on Host; a missing group on MusicCategory',
        ]),
        port: acts(VORTEX_CODE, [
          VORTEX_SPEC,
          'test: a wrong API key fails on ApiKey; a wrong URL base, host or old API level on Host; a missing group on MusicCategory',
        ]),
        urlBase: acts(VORTEX_CODE, [
          VORTEX_SPEC,
          'test: a wrong API key fails on ApiKey; a wrong URL base, host or old API level on Host; a missing group on MusicCategory',
        ]),
        apiKey: acts(VORTEX_CODE, [
          VORTEX_SPEC,
          'test: a wrong API key fails on ApiKey; a wrong URL base, host or old API level on Host; a missing group on MusicCategory',
        ]),
        musicCategory: acts(VORTEX_CODE, [
          VORTEX_SPEC,
          'grabs an NZB through Quire into the group; once the job folder is done it is imported and cancelled with its data',
        ]),
        recentTvPriority: acts(VORTEX_CODE, [
          VORTEX_SPEC,
          'recentTvPriority/olderTvPriority: a recent book is added with the recent priority, an older one with the older',
        ]),
        olderTvPriority: acts(VORTEX_CODE, [
          VORTEX_SPEC,
          'recentTvPriority/olderTvPriority: a recent book is added with the recent priority, an older one with the older',
        ]),
      },
    },
    Pneumatic: {
      settings: PneumaticSettings,
      fields: {
        nzbFolder: acts(PNEUMATIC_CODE, [
          VORTEX_SPEC,
          'grab writes the NZB and a .strm for the Kodi add-on; the .strm is listed as completed; removing is refused',
        ]),
        strmFolder: acts(PNEUMATIC_CODE, [
          VORTEX_SPEC,
          'grab writes the NZB and a .strm for the Kodi add-on; the .strm is listed as completed; removing is refused',
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
