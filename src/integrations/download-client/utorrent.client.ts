import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { clientBaseUrl, HttpRequestError, httpRequest } from '../core/provider-http';
import {
  DownloadClient,
  DownloadClientItem,
  DownloadClientProviderBase,
  DownloadItemStatus,
  ReleaseToDownload,
} from './download-client';
import { TORRENT_PRIORITY } from './download-client.settings';
import { fetchTorrent } from './torrent-file';
import { UTORRENT_STATE, UTorrentSettings } from './utorrent.settings';

class AuthenticationError extends Error {}

/** uTorrent's status bits. */
const STARTED = 1;
const CHECKED = 8;
const ERROR = 16;
const PAUSED = 32;
const QUEUED = 64;
const LOADED = 128;
/** The first build with the WebUI API of uTorrent 3.0. */
const MINIMUM_BUILD = 25406;

/** One row of `list=1`: a positional array (hash, status, name, size, progress‰, …, remaining, …, save path). */
type TorrentRow = (string | number)[];
interface Torrent {
  hash: string;
  status: number;
  name: string;
  size: number;
  progress: number;
  eta: number;
  label: string;
  remaining: number;
  rootDownloadPath: string;
}

function torrentOf(row: TorrentRow): Torrent {
  return {
    hash: String(row[0]),
    status: Number(row[1]),
    name: String(row[2]),
    size: Number(row[3]),
    progress: Number(row[4]) / 1000,
    eta: Number(row[10]),
    label: String(row[11] ?? ''),
    remaining: Number(row[18]),
    rootDownloadPath: String(row[26] ?? ''),
  };
}

interface ListAnswer {
  build?: number;
  torrents?: TorrentRow[];
  torrentp?: TorrentRow[];
  torrentm?: string[];
  torrentc?: string;
}

/** Per WebUI: the token and GUID cookie of the login, and the torrents as of the last list (uTorrent sends changes). */
interface UTorrentState {
  sessions: Map<string, { token: string; cookie: string }>;
  lists: Map<string, { cacheId: string; torrents: Torrent[] }>;
}

function statusOf(torrent: Torrent): DownloadItemStatus {
  if (torrent.status & ERROR) return 'warning';
  if (torrent.status & LOADED && torrent.status & CHECKED && torrent.remaining === 0 && torrent.progress === 1)
    return 'completed';
  if (torrent.status & PAUSED) return 'paused';
  if (torrent.status & STARTED) return 'downloading';
  return 'queued';
}

/**
 * uTorrent's WebUI API as Readarr drives it: basic auth, a token from /gui/token.html and its GUID cookie on every
 * call (logging in again once on 400/401), the label as Quire's category, and the differential list (`cid`).
 */
class UTorrentClient implements DownloadClient {
  readonly protocol = 'torrent' as const;
  readonly downloadClientId: number;
  readonly name: string;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: UTorrentSettings,
    private readonly state: UTorrentState,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
  }

  private get guiUrl(): string {
    return `${clientBaseUrl(this.settings)}/gui/`;
  }

  private get authorization(): string {
    return `Basic ${Buffer.from(`${this.settings.username ?? ''}:${this.settings.password ?? ''}`).toString('base64')}`;
  }

  private async login(): Promise<{ token: string; cookie: string }> {
    const key = `${this.guiUrl}:${this.settings.password}`;
    const response = await httpRequest(`${this.guiUrl}token.html`, { headers: { Authorization: this.authorization } });
    if (response.status === 401) throw new AuthenticationError('Failed to authenticate with uTorrent.');
    if (response.status >= 400)
      throw new HttpRequestError('Unable to connect to uTorrent, please check your settings', response.status);
    const token = /<div[^>]*id=['"]token['"][^>]*>([^<]*)<\/div>/i.exec(response.text)?.[1];
    if (!token) throw new Error('uTorrent answered without a token');
    const cookie = (response.headers.getSetCookie?.() ?? [])
      .map((header) => header.split(';')[0])
      .filter(Boolean)
      .join('; ');
    const session = { token, cookie };
    this.state.sessions.set(key, session);
    return session;
  }

  private async call<T = ListAnswer>(params: [string, string][], file?: { name: string; data: Buffer }): Promise<T> {
    const key = `${this.guiUrl}:${this.settings.password}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const session = (attempt === 0 && this.state.sessions.get(key)) || (await this.login());
      const query = new URLSearchParams([['token', session.token], ...params]);
      let body: FormData | undefined;
      if (file) {
        body = new FormData();
        body.append('torrent_file', new Blob([new Uint8Array(file.data)]), file.name);
      }
      const response = await httpRequest(`${this.guiUrl}?${query.toString()}`, {
        method: file ? 'POST' : 'GET',
        headers: { Authorization: this.authorization, Cookie: session.cookie, 'Cache-Control': 'no-cache' },
        body,
      });
      if ((response.status === 400 || response.status === 401) && attempt === 0) continue;
      if (response.status >= 400)
        throw new HttpRequestError('Unable to connect to uTorrent, please check your settings', response.status);
      return JSON.parse(response.text) as T;
    }
    throw new AuthenticationError('Failed to authenticate with uTorrent.');
  }

  async test(): Promise<ValidationFailure[]> {
    try {
      const { build } = await this.call([['action', 'getsettings']]);
      if ((build ?? 0) < MINIMUM_BUILD)
        return [providerFailure('', 'Old uTorrent client with unsupported API, need 3.0 or higher')];
    } catch (error) {
      if (error instanceof AuthenticationError)
        return [
          providerFailure('username', 'Authentication failure', {
            detailedDescription: 'Please verify your username and password.',
          }),
        ];
      return [
        providerFailure('host', 'Unable to connect to uTorrent', {
          detailedDescription: error instanceof Error ? error.message : String(error),
        }),
      ];
    }
    try {
      await this.call([['list', '1']]);
      return [];
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return [providerFailure('', `Failed to get the list of torrents: ${message}`)];
    }
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const torrent = await fetchTorrent(release);
    if (torrent.kind === 'magnet')
      await this.call([
        ['action', 'add-url'],
        ['s', torrent.magnet],
      ]);
    else
      await this.call(
        [
          ['action', 'add-file'],
          ['path', ''],
        ],
        {
          name: `${release.title.replace(/[\\/:*?"<>|]/g, '')}.torrent`,
          data: torrent.data,
        },
      );
    const hash = torrent.hash.toLowerCase();
    const seed = release.seedConfiguration;
    if (seed) {
      const props: [string, string][] = [
        ['s', 'seed_override'],
        ['v', '1'],
      ];
      if (seed.ratio !== undefined) props.push(['s', 'seed_ratio'], ['v', String(Math.round(seed.ratio * 1000))]);
      if (seed.seedTimeMinutes !== undefined) props.push(['s', 'seed_time'], ['v', String(seed.seedTimeMinutes * 60)]);
      await this.call([['action', 'setprops'], ['hash', hash], ...props]);
    }
    if (this.settings.musicCategory)
      await this.call([
        ['action', 'setprops'],
        ['hash', hash],
        ['s', 'label'],
        ['v', this.settings.musicCategory],
      ]);
    const priority = release.recentBook ? this.settings.recentTvPriority : this.settings.olderTvPriority;
    if (priority === TORRENT_PRIORITY.First)
      await this.call([
        ['action', 'queuetop'],
        ['hash', hash],
      ]);
    const state = Object.entries(UTORRENT_STATE).find(([, value]) => value === this.settings.intialState)?.[0];
    await this.call([
      ['action', (state ?? 'Start').toLowerCase()],
      ['hash', hash],
    ]);
    return torrent.hash;
  }

  /** The whole list the first time, then only what changed since the last cache id. */
  private async torrents(): Promise<Torrent[]> {
    const key = `${this.settings.host}:${this.settings.port}:${this.settings.musicCategory}`;
    const cached = this.state.lists.get(key);
    const answer = await this.call([['list', '1'], ...(cached ? [['cid', cached.cacheId] as [string, string]] : [])]);
    let torrents: Torrent[];
    if (cached && !answer.torrents) {
      const changed = (answer.torrentp ?? []).map(torrentOf);
      const gone = new Set([...changed.map((torrent) => torrent.hash), ...(answer.torrentm ?? [])]);
      torrents = [...cached.torrents.filter((torrent) => !gone.has(torrent.hash)), ...changed];
    } else torrents = (answer.torrents ?? []).map(torrentOf);
    this.state.lists.set(key, { cacheId: answer.torrentc ?? '', torrents });
    return torrents;
  }

  async getItems(): Promise<DownloadClientItem[]> {
    return (await this.torrents())
      .filter((torrent) => torrent.label === this.settings.musicCategory)
      .map((torrent) => {
        const root = torrent.rootDownloadPath.replace(/\/+$/, '');
        // 'Started' without 'Queued' is a forced seed: neither may be removed yet.
        const done = !(torrent.status & QUEUED) && !(torrent.status & STARTED);
        const status = statusOf(torrent);
        return {
          downloadClientId: this.downloadClientId,
          downloadClient: this.name,
          downloadId: torrent.hash.toUpperCase(),
          title: torrent.name,
          category: torrent.label,
          totalSize: torrent.size,
          remainingSize: torrent.remaining,
          remainingTime: torrent.eta !== -1 ? torrent.eta : undefined,
          status,
          outputPath: root.split('/').pop() === torrent.name ? root : `${root}/${torrent.name}`,
          message: status === 'warning' ? 'uTorrent is reporting an error' : undefined,
          canMoveFiles: done,
          canBeRemoved: done,
        };
      });
  }

  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    await this.call([
      ['action', deleteData ? 'removedata' : 'remove'],
      ['hash', downloadId.toUpperCase()],
    ]);
  }

  get postImportCategory(): string | undefined {
    return this.settings.musicImportedCategory?.trim() || undefined;
  }

  /**
   * The post-import label replaces the torrent's one label. Readarr then also sends a second call meant to take the
   * old label off, which a uTorrent applying its pairs in order would answer by clearing the label: not sent.
   */
  async markItemAsImported(downloadId: string): Promise<void> {
    const label = this.postImportCategory;
    if (!label || label === this.settings.musicCategory) return;
    await this.call([
      ['action', 'setprops'],
      ['hash', downloadId.toLowerCase()],
      ['s', 'label'],
      ['v', label],
    ]);
  }
}

@Injectable()
export class UTorrentProvider extends DownloadClientProviderBase<UTorrentSettings> {
  readonly meta: ProviderMeta<UTorrentSettings> = {
    implementation: 'UTorrent',
    implementationName: 'uTorrent',
    configContract: 'UTorrentSettings',
    settings: UTorrentSettings,
    protocol: 'torrent',
  };
  private readonly state: UTorrentState = { sessions: new Map(), lists: new Map() };

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: UTorrentSettings): DownloadClient {
    return new UTorrentClient(definition, settings, this.state);
  }
}
