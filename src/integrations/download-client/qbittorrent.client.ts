import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { connectionFailure, ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { clientBaseUrl, HttpRequestError, httpRequest, HttpResponse } from '../core/provider-http';
import {
  DownloadClient,
  DownloadClientItem,
  DownloadClientProviderBase,
  DownloadItemStatus,
  ReleaseToDownload,
} from './download-client';
import { QBittorrentSettings, TORRENT_PRIORITY } from './download-client.settings';
import { fetchTorrent } from './torrent-file';

class AuthenticationError extends Error {}

/** Readarr's reading of qBittorrent's states; an error or missing files is a warning, never a failed download. */
function statusOf(state: string, dhtEnabled: boolean): { status: DownloadItemStatus; message?: string } {
  switch (state) {
    case 'error':
      return { status: 'warning', message: 'qBittorrent is reporting an error' };
    case 'missingFiles':
      return { status: 'warning', message: 'The download is missing files' };
    case 'pausedDL':
    case 'stoppedDL':
      return { status: 'paused' };
    case 'queuedDL':
    case 'checkingDL':
    case 'checkingUP':
    case 'checkingResumeData':
      return { status: 'queued' };
    case 'pausedUP':
    case 'stoppedUP':
    case 'uploading':
    case 'stalledUP':
    case 'queuedUP':
    case 'forcedUP':
      return { status: 'completed' };
    case 'stalledDL':
      return { status: 'warning', message: 'The download is stalled with no connections' };
    case 'metaDL':
      return dhtEnabled
        ? { status: 'queued', message: 'qBittorrent is downloading metadata' }
        : { status: 'warning', message: 'qBittorrent cannot resolve magnet link with DHT disabled' };
    default:
      return { status: 'downloading' };
  }
}

interface TorrentInfo {
  hash: string;
  name: string;
  category: string;
  size: number;
  amount_left: number;
  eta: number;
  state: string;
  save_path: string;
  content_path?: string;
  ratio: number;
  /** -2: the global limit, -1: none, else the torrent's own (ratio; minutes for the time). */
  ratio_limit: number;
  seeding_time_limit: number;
  /** Seconds seeded. */
  seeding_time?: number;
}

interface Preferences {
  dht: boolean;
  max_ratio_enabled: boolean;
  max_ratio: number;
  max_seeding_time_enabled: boolean;
  max_seeding_time: number;
}

/** Readarr's seed goal: the torrent's own ratio or time limit, else the global one when it is on. */
function reachedSeedLimit(torrent: TorrentInfo, preferences: Preferences): boolean {
  if (torrent.ratio_limit >= 0) {
    if (torrent.ratio >= torrent.ratio_limit) return true;
  } else if (torrent.ratio_limit === -2 && preferences.max_ratio_enabled) {
    if (Math.round(torrent.ratio * 100) / 100 >= preferences.max_ratio) return true;
  }
  const minutes =
    torrent.seeding_time_limit >= 0
      ? torrent.seeding_time_limit
      : torrent.seeding_time_limit === -2 && preferences.max_seeding_time_enabled
        ? preferences.max_seeding_time
        : undefined;
  return minutes !== undefined && (torrent.seeding_time ?? 0) >= minutes * 60;
}

/** qBittorrent Web API v2: `SID` cookie from `auth/login` (which answers `Fails.` on bad credentials), 403 without it. */
class QBittorrentClient implements DownloadClient {
  readonly protocol = 'torrent' as const;
  readonly downloadClientId: number;
  readonly name: string;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: QBittorrentSettings,
    private readonly cookies: Map<string, string>,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
  }

  private get base(): string {
    return clientBaseUrl(this.settings);
  }

  private get cookieKey(): string {
    return `${this.base}|${this.settings.username}`;
  }

  private async login(): Promise<string> {
    const body = new URLSearchParams({
      username: this.settings.username ?? '',
      password: this.settings.password ?? '',
    });
    const response = await httpRequest(`${this.base}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: this.base },
      body,
    });
    if (response.status === 403)
      throw new AuthenticationError('qBittorrent banned this IP after too many failed logins');
    if (response.status >= 400)
      throw new HttpRequestError(`qBittorrent login failed: HTTP ${response.status}`, response.status);
    const sid = /SID=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    if (response.text.trim() !== 'Ok.' || !sid) throw new AuthenticationError('Authentication failure');
    this.cookies.set(this.cookieKey, sid);
    return sid;
  }

  /** One call with the session cookie; a 403 means the session expired: log in again once. */
  private async call(
    path: string,
    options: { method?: string; body?: URLSearchParams | FormData } = {},
  ): Promise<HttpResponse> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const sid = this.cookies.get(this.cookieKey) ?? (await this.login());
      const response = await httpRequest(`${this.base}/api/v2/${path}`, {
        method: options.method ?? 'GET',
        headers: { Cookie: `SID=${sid}`, Referer: this.base },
        body: options.body,
      });
      if (response.status === 403 && attempt === 0) {
        this.cookies.delete(this.cookieKey);
        continue;
      }
      if (response.status >= 400)
        throw new HttpRequestError(`qBittorrent answered HTTP ${response.status} to ${path}`, response.status);
      return response;
    }
    throw new AuthenticationError('Authentication failure');
  }

  async test(): Promise<ValidationFailure[]> {
    try {
      this.cookies.delete(this.cookieKey);
      const version = (await this.call('app/webapiVersion')).text.trim();
      const major = Number(version.split('.')[0]);
      if (!Number.isFinite(major) || major < 2)
        return [
          providerFailure('', 'Old qBittorrent version not supported', {
            detailedDescription: `Web API ${version}; version 2 or later is needed`,
          }),
        ];
      return [];
    } catch (error) {
      if (error instanceof AuthenticationError)
        return [
          providerFailure('username', 'Authentication failure', {
            detailedDescription: 'Please verify your username and password.',
          }),
        ];
      return [connectionFailure(error, 'host')];
    }
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const torrent = await fetchTorrent(release);
    const form = new FormData();
    if (torrent.kind === 'magnet') form.append('urls', torrent.magnet);
    else
      form.append(
        'torrents',
        new Blob([new Uint8Array(torrent.data)], { type: 'application/x-bittorrent' }),
        `${torrent.hash}.torrent`,
      );
    if (this.settings.musicCategory) form.append('category', this.settings.musicCategory);
    if (this.settings.initialState === 2) {
      form.append('paused', 'true');
      form.append('stopped', 'true');
    }
    if (this.settings.sequentialOrder) form.append('sequentialDownload', 'true');
    if (this.settings.firstAndLast) form.append('firstLastPiecePrio', 'true');
    if (this.settings.contentLayout === 1) form.append('contentLayout', 'Original');
    if (this.settings.contentLayout === 2) form.append('contentLayout', 'Subfolder');
    // Web API 2.8.1 and later take the share limits with the torrent (-2: qBittorrent's global limit).
    const seed = release.seedConfiguration;
    if (seed && (seed.ratio !== undefined || seed.seedTimeMinutes !== undefined)) {
      form.append('ratioLimit', String(seed.ratio ?? -2));
      form.append('seedingTimeLimit', String(seed.seedTimeMinutes ?? -2));
    }
    const added = await this.call('torrents/add', { method: 'POST', body: form });
    if (added.text.trim() !== 'Ok.')
      throw new Error(`qBittorrent refused the torrent (${added.text.trim() || 'no answer'})`);
    const priority = release.recentBook ? this.settings.recentTvPriority : this.settings.olderTvPriority;
    const moveToTop = priority === TORRENT_PRIORITY.First;
    if ((this.settings.initialState === 1 || moveToTop) && (await this.waitForTorrent(torrent.hash))) {
      // As Readarr: the torrent is added either way; a queue qBittorrent does not keep (queueing off answers 409)
      // only costs the move.
      if (moveToTop) await this.moveToTop(torrent.hash).catch(() => undefined);
      if (this.settings.initialState === 1)
        await this.call('torrents/setForceStart', {
          method: 'POST',
          body: new URLSearchParams({ hashes: torrent.hash.toLowerCase(), value: 'true' }),
        });
    }
    return torrent.hash;
  }

  async getItems(): Promise<DownloadClientItem[]> {
    const query = this.settings.musicCategory ? `?category=${encodeURIComponent(this.settings.musicCategory)}` : '';
    const preferences = JSON.parse((await this.call('app/preferences')).text) as Preferences;
    const torrents = JSON.parse((await this.call(`torrents/info${query}`)).text) as TorrentInfo[];
    return torrents.map((torrent) => {
      let { status, message } = statusOf(torrent.state, preferences.dht);
      const savePath = torrent.save_path.replace(/\/+$/, '');
      const contentPath = (torrent.content_path ?? `${savePath}/${torrent.name}`).replace(/\/+$/, '');
      // A torrent without its own folder would have Quire import the whole download folder: Readarr refuses it.
      if (status === 'completed' && contentPath === savePath) {
        status = 'warning';
        message =
          'Unable to Import. Path matches client base download directory, it is possible the torrent content layout is not set to Original or Create Subfolder';
      }
      // As Readarr: only a paused torrent that reached its seed goal may be removed or have its files moved (a
      // higher goal set on the torrent itself keeps it seeding, and qBittorrent pauses it when it gets there).
      const removable =
        (torrent.state === 'pausedUP' || torrent.state === 'stoppedUP') && reachedSeedLimit(torrent, preferences);
      return {
        downloadClientId: this.downloadClientId,
        downloadClient: this.name,
        downloadId: torrent.hash.toUpperCase(),
        title: torrent.name,
        category: torrent.category,
        totalSize: torrent.size,
        remainingSize: torrent.amount_left,
        remainingTime: status === 'completed' ? 0 : torrent.eta >= 8_640_000 ? undefined : torrent.eta,
        status,
        outputPath: contentPath,
        message,
        canMoveFiles: removable,
        canBeRemoved: removable,
      };
    });
  }

  /** qBittorrent adds a torrent a moment after answering `Ok.`; settings on it wait until it is listed (≤ 1 s). */
  private async waitForTorrent(hash: string): Promise<boolean> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const listed = JSON.parse((await this.call(`torrents/info?hashes=${hash.toLowerCase()}`)).text) as unknown[];
      if (listed.length > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }

  /**
   * `torrents/topPrio`, repeated until it took: qBittorrent 4.5 lists a new torrent over a second before it can move
   * it in its queue (1.3 s measured on the real daemon), and answers 200 to a move it ignored. A position of 0 means
   * it keeps no queue: nothing to move.
   */
  private async moveToTop(hash: string): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt++) {
      await this.call('torrents/topPrio', {
        method: 'POST',
        body: new URLSearchParams({ hashes: hash.toLowerCase() }),
      });
      const [listed] = JSON.parse((await this.call(`torrents/info?hashes=${hash.toLowerCase()}`)).text) as {
        priority: number;
      }[];
      if (!listed || listed.priority <= 1) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  get postImportCategory(): string | undefined {
    return this.settings.musicImportedCategory?.trim() || undefined;
  }

  /** `torrents/setCategory` to the post-import category; qBittorrent answers 409 for an unknown one: create it first. */
  async markItemAsImported(downloadId: string): Promise<void> {
    const category = this.postImportCategory;
    // Like Readarr: a post-import category equal to the download category is no move at all.
    if (!category || category === this.settings.musicCategory) return;
    const setCategory = () =>
      this.call('torrents/setCategory', {
        method: 'POST',
        body: new URLSearchParams({ hashes: downloadId.toLowerCase(), category }),
      });
    try {
      await setCategory();
    } catch (error) {
      if (!(error instanceof HttpRequestError) || error.status !== 409) throw error;
      await this.call('torrents/createCategory', { method: 'POST', body: new URLSearchParams({ category }) });
      await setCategory();
    }
  }

  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    await this.call('torrents/delete', {
      method: 'POST',
      body: new URLSearchParams({ hashes: downloadId.toLowerCase(), deleteFiles: String(deleteData) }),
    });
  }
}

@Injectable()
export class QBittorrentProvider extends DownloadClientProviderBase<QBittorrentSettings> {
  readonly meta: ProviderMeta<QBittorrentSettings> = {
    implementation: 'QBittorrent',
    implementationName: 'qBittorrent',
    configContract: 'QBittorrentSettings',
    settings: QBittorrentSettings,
    protocol: 'torrent',
  };
  private readonly cookies = new Map<string, string>();

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: QBittorrentSettings): DownloadClient {
    return new QBittorrentClient(definition, settings, this.cookies);
  }
}
