import { Injectable, Logger } from '@nestjs/common';
import { existsSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { clientBaseUrl, HttpRequestError, httpRequest } from '../core/provider-http';
import { RemotePathMappingService } from '../remote-path-mapping/remote-path-mapping.service';
import {
  DownloadClient,
  DownloadClientItem,
  DownloadClientProviderBase,
  DownloadItemStatus,
  ReleaseToDownload,
} from './download-client';
import { RTORRENT_PRIORITY, RTorrentSettings } from './rtorrent.settings';
import { asText, decodeMethodResponse, encodeMethodCall, XmlRpcValue } from './rtorrent/xmlrpc';
import { fetchTorrent } from './torrent-file';

/** The columns of `d.multicall2`, in the order the answer lists them. */
const COLUMNS = [
  'd.name=',
  'd.hash=',
  'd.base_path=',
  'd.custom1=',
  'd.size_bytes=',
  'd.left_bytes=',
  'd.down.rate=',
  'd.ratio=',
  'd.is_active=',
  'd.complete=',
  'd.timestamp.finished=',
  `d.custom=${seedKey('ratio')}`,
  `d.custom=${seedKey('time')}`,
];

/**
 * rTorrent has no seed goal of its own (it never stops a torrent at a ratio), so, as Readarr, Quire judges the
 * indexer's goal itself. Readarr looks the goal up in its grab history; Quire writes the goal the torrent was grabbed
 * with into two of the torrent's own custom values, where it survives restarts of both programs.
 */
function seedKey(goal: 'ratio' | 'time'): string {
  return goal === 'ratio' ? 'quire_seed_ratio' : 'quire_seed_time';
}

/** The view Readarr adds an imported torrent to: kept, so that rTorrent scripts written for it keep working. */
const IMPORTED_VIEW = 'readarr_imported';

interface RTorrentTorrent {
  name: string;
  hash: string;
  path: string;
  category: string;
  totalSize: number;
  remainingSize: number;
  downRate: number;
  /** Per mille, as rTorrent keeps it. */
  ratio: number;
  isActive: boolean;
  isFinished: boolean;
  /** Unix seconds. */
  finishedTime: number;
  seedRatio?: number;
  seedMinutes?: number;
}

/** ruTorrent keeps labels URL-encoded in custom1; Readarr decodes them (a `+` is a space). */
function decodeLabel(label: string): string {
  try {
    return decodeURIComponent(label.replace(/\+/g, ' '));
  } catch {
    return label;
  }
}

const optionalNumber = (text: XmlRpcValue) => (typeof text === 'string' && text.trim() ? Number(text) : undefined);

function torrentOf(row: XmlRpcValue): RTorrentTorrent {
  if (!Array.isArray(row) || row.length !== COLUMNS.length) throw new Error('rTorrent answered an unexpected list');
  const [name, hash, path, label, size, left, rate, ratio, active, complete, finished, seedRatio, seedTime] = row;
  return {
    name: asText(name),
    hash: asText(hash).toUpperCase(),
    path: asText(path),
    category: decodeLabel(asText(label)),
    totalSize: Number(size),
    remainingSize: Number(left),
    downRate: Number(rate),
    ratio: Number(ratio),
    isActive: Number(active) !== 0,
    isFinished: Number(complete) !== 0,
    finishedTime: Number(finished),
    seedRatio: optionalNumber(seedRatio),
    seedMinutes: optionalNumber(seedTime),
  };
}

/** Readarr's reading: complete is completed (seeding or not), else active is downloading, else paused. */
function statusOf(torrent: RTorrentTorrent): DownloadItemStatus {
  if (torrent.isFinished) return 'completed';
  return torrent.isActive ? 'downloading' : 'paused';
}

/** Readarr's seed goal: a complete torrent at its ratio, or seeded for its time since it completed. */
function reachedSeedGoal(torrent: RTorrentTorrent, nowMs: number): boolean {
  if (!torrent.isFinished) return false;
  if (torrent.seedRatio !== undefined && torrent.ratio / 1000 >= torrent.seedRatio) return true;
  return torrent.seedMinutes !== undefined && nowMs - torrent.finishedTime * 1000 >= torrent.seedMinutes * 60_000;
}

const isLocalHost = (host: string) => host === 'localhost' || host === '127.0.0.1';

/** rTorrent's XML-RPC over HTTP: one POST per call to `http(s)://host:port/urlPath`, Basic auth when a user is set. */
class RTorrentClient implements DownloadClient {
  readonly protocol = 'torrent' as const;
  readonly downloadClientId: number;
  readonly name: string;
  private readonly logger = new Logger('RTorrent');

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: RTorrentSettings,
    private readonly remotePaths: RemotePathMappingService,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
  }

  private async call(method: string, ...params: XmlRpcValue[]): Promise<XmlRpcValue> {
    const headers: Record<string, string> = { 'Content-Type': 'text/xml' };
    if (this.settings.username?.trim())
      headers.Authorization = `Basic ${Buffer.from(`${this.settings.username}:${this.settings.password ?? ''}`).toString('base64')}`;
    const response = await httpRequest(clientBaseUrl(this.settings), {
      method: 'POST',
      headers,
      body: encodeMethodCall(method, params),
    });
    if (response.status >= 400)
      throw new HttpRequestError(`rTorrent answered HTTP ${response.status} to ${method}`, response.status);
    return decodeMethodResponse(response.text);
  }

  private async torrents(): Promise<RTorrentTorrent[]> {
    const rows = await this.call('d.multicall2', '', '', ...COLUMNS);
    if (!Array.isArray(rows)) throw new Error('rTorrent answered an unexpected list');
    return rows.map(torrentOf);
  }

  async test(): Promise<ValidationFailure[]> {
    try {
      const version = asText(await this.call('system.client_version'));
      if (olderThan(version, [0, 9, 0]))
        return [providerFailure('', `rTorrent version should be at least 0.9.0. Version reported is ${version}`)];
    } catch (error) {
      return [
        providerFailure('host', 'Unable to connect to rTorrent', { detailedDescription: (error as Error).message }),
      ];
    }
    try {
      await this.torrents();
    } catch (error) {
      return [providerFailure('', `Failed to get the list of torrents: ${(error as Error).message}`)];
    }
    return this.testDirectory();
  }

  /** Readarr checks the directory only when rTorrent runs here, where its paths are this machine's. */
  private testDirectory(): ValidationFailure[] {
    const directory = this.settings.musicDirectory?.trim();
    if (!directory || !isLocalHost(this.settings.host)) return [];
    if (!isAbsolute(directory)) return [providerFailure('musicDirectory', `Invalid Path: '${directory}'`)];
    if (!existsSync(directory) || !statSync(directory).isDirectory())
      return [providerFailure('musicDirectory', `Path '${directory}' does not exist`)];
    return [];
  }

  /** The commands rTorrent runs on the new download: label, priority, directory, and the seed goal to judge later. */
  private commands(release: ReleaseToDownload): string[] {
    const commands: string[] = [];
    const label = this.settings.musicCategory?.trim();
    if (label) commands.push(`d.custom1.set=${label}`);
    const priority = release.recentBook ? this.settings.recentTvPriority : this.settings.olderTvPriority;
    if (priority !== RTORRENT_PRIORITY.Normal) commands.push(`d.priority.set=${priority}`);
    const directory = this.settings.musicDirectory?.trim();
    if (directory) commands.push(`d.directory.set=${directory}`);
    const seed = release.seedConfiguration;
    if (seed?.ratio !== undefined) commands.push(`d.custom.set=${seedKey('ratio')},${seed.ratio}`);
    if (seed?.seedTimeMinutes !== undefined) commands.push(`d.custom.set=${seedKey('time')},${seed.seedTimeMinutes}`);
    return commands;
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const torrent = await fetchTorrent(release);
    const stopped = this.settings.addStopped;
    const added =
      torrent.kind === 'magnet'
        ? await this.call(stopped ? 'load.normal' : 'load.start', '', torrent.magnet, ...this.commands(release))
        : await this.call(stopped ? 'load.raw' : 'load.raw_start', '', torrent.data, ...this.commands(release));
    if (added !== 0) throw new Error(`Could not add torrent: ${release.title}.`);
    if (await this.waitForTorrent(torrent.hash)) return torrent.hash;
    // As Readarr: a magnet no peer resolves yet stays in rTorrent; a .torrent rTorrent does not list was refused.
    if (torrent.kind === 'magnet') {
      this.logger.warn(
        `rTorrent could not resolve magnet within 5 seconds, download may remain stuck: ${release.title}`,
      );
      return torrent.hash;
    }
    throw new Error('Downloading torrent failed');
  }

  /** Readarr waits up to 5 s for the download to be listed under its own name (a magnet is `<hash>.meta` until then). */
  private async waitForTorrent(hash: string): Promise<boolean> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const name = await this.call('d.name', hash.toLowerCase()).catch(() => '');
      if (typeof name === 'string' && name.trim() && name.toUpperCase() !== `${hash.toUpperCase()}.META`) return true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return false;
  }

  async getItems(): Promise<DownloadClientItem[]> {
    const category = this.settings.musicCategory?.trim();
    const now = Date.now();
    const items: DownloadClientItem[] = [];
    for (const torrent of await this.torrents()) {
      if (category && torrent.category !== category) continue;
      // rTorrent leaves the path empty until a download is opened, and relative when its directory is: Readarr
      // skips both, as there is nothing it could import from.
      if (!torrent.path.trim() || torrent.path.startsWith('.')) {
        this.logger.warn(
          `Torrent '${torrent.name}' has ${torrent.path.trim() ? "a download path starting with '.'" : 'an empty download path'} and will not be processed. Adjust this to an absolute path in rTorrent`,
        );
        continue;
      }
      const removable = reachedSeedGoal(torrent, now);
      items.push({
        downloadClientId: this.downloadClientId,
        downloadClient: this.name,
        downloadId: torrent.hash,
        title: torrent.name,
        category: torrent.category,
        totalSize: torrent.totalSize,
        remainingSize: torrent.remainingSize,
        remainingTime: torrent.downRate > 0 ? Math.floor(torrent.remainingSize / torrent.downRate) : 0,
        status: statusOf(torrent),
        outputPath: torrent.path,
        canMoveFiles: removable,
        canBeRemoved: removable,
      });
    }
    return items;
  }

  /** As Readarr: rTorrent cannot delete data, so Quire deletes the download's folder (or file) itself, then erases it. */
  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    const hash = downloadId.toLowerCase();
    if (deleteData) {
      const remote = asText(await this.call('d.base_path', hash));
      if (remote.trim() && !remote.startsWith('.')) {
        const local = await this.remotePaths.remoteToLocal(this.settings.host, remote);
        if (isAbsolute(local)) await rm(local, { recursive: true, force: true });
      }
    }
    if ((await this.call('d.erase', hash)) !== 0) throw new Error(`Could not remove torrent: ${downloadId}.`);
  }

  get postImportCategory(): string | undefined {
    return this.settings.musicImportedCategory?.trim() || undefined;
  }

  /** The post-import label, then Readarr's imported view; either failing only costs a warning, as in Readarr. */
  async markItemAsImported(downloadId: string): Promise<void> {
    const hash = downloadId.toLowerCase();
    const label = this.postImportCategory;
    // Like Readarr: a post-import label equal to the download label is no change at all.
    if (label && label !== this.settings.musicCategory) {
      try {
        if ((await this.call('d.custom1.set', hash, label)) !== label) throw new Error('rTorrent kept its label');
      } catch (error) {
        this.logger.warn(
          `Failed to set torrent post-import label "${label}" for ${downloadId} in rTorrent: ${(error as Error).message}`,
        );
      }
    }
    try {
      if ((await this.call('d.views.push_back_unique', hash, IMPORTED_VIEW)) !== 0) throw new Error('refused');
    } catch (error) {
      this.logger.warn(
        `Failed to set torrent post-import view "${IMPORTED_VIEW}" for ${downloadId} in rTorrent: ${(error as Error).message}`,
      );
    }
  }
}

/** Whether a dotted version is below `minimum` (missing parts count as 0). */
function olderThan(version: string, minimum: number[]): boolean {
  const parts = version.split('.').map((part) => parseInt(part, 10) || 0);
  for (let index = 0; index < minimum.length; index++) {
    const part = parts[index] ?? 0;
    if (part !== minimum[index]) return part < minimum[index];
  }
  return false;
}

@Injectable()
export class RTorrentProvider extends DownloadClientProviderBase<RTorrentSettings> {
  readonly meta: ProviderMeta<RTorrentSettings> = {
    implementation: 'RTorrent',
    implementationName: 'rTorrent',
    configContract: 'RTorrentSettings',
    settings: RTorrentSettings,
    protocol: 'torrent',
  };

  constructor(private readonly remotePaths: RemotePathMappingService) {
    super();
  }

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: RTorrentSettings): DownloadClient {
    return new RTorrentClient(definition, settings, this.remotePaths);
  }
}
