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
import { HadoukenSettings } from './hadouken.settings';
import { fetchTorrent } from './torrent-file';

/** One row of `webui.list`: hash, state bits, name, size, progress‰, downloaded, uploaded, …, rate, …, label, …. */
type TorrentRow = (string | number)[];
type State = 'downloading' | 'checking' | 'paused' | 'queuedForChecking' | 'unknown';

function stateOf(bits: number): State {
  if (bits & 1) return 'downloading';
  if (bits & 2) return 'checking';
  if (bits & 32) return 'paused';
  if (bits & 64) return 'queuedForChecking';
  return 'unknown';
}

function olderThan51(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return major < 5 || (major === 5 && minor < 1);
}

/** Hadouken's JSON-RPC at `<urlBase>/api` with basic auth on every call, as Readarr drives it. */
class HadoukenClient implements DownloadClient {
  readonly protocol = 'torrent' as const;
  readonly downloadClientId: number;
  readonly name: string;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: HadoukenSettings,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
  }

  private async call<T>(method: string, ...params: unknown[]): Promise<T> {
    const credentials = Buffer.from(`${this.settings.username}:${this.settings.password}`).toString('base64');
    const response = await httpRequest(`${clientBaseUrl(this.settings)}/api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Basic ${credentials}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    if (response.status >= 400)
      throw new HttpRequestError('Unable to connect to Hadouken, please check your settings', response.status);
    const body = JSON.parse(response.text) as { result?: T; error?: { code?: number; message?: string } };
    if (body.error) throw new Error(`Error response received from Hadouken: ${body.error.message ?? body.error.code}`);
    return body.result as T;
  }

  async test(): Promise<ValidationFailure[]> {
    try {
      const info = await this.call<{ versions?: Record<string, string> }>('core.getSystemInfo');
      if (olderThan51(info.versions?.hadouken ?? '0'))
        return [providerFailure('', 'Old Hadouken client with unsupported API, need 5.1 or higher')];
    } catch (error) {
      return [
        providerFailure('host', 'Unable to connect to Hadouken', {
          detailedDescription: error instanceof Error ? error.message : String(error),
        }),
      ];
    }
    try {
      await this.call('webui.list');
      return [];
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return [providerFailure('', `Failed to get the list of torrents: ${message}`)];
    }
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const torrent = await fetchTorrent(release);
    const options = { label: this.settings.category };
    if (torrent.kind === 'magnet') {
      await this.call('webui.addTorrent', 'url', torrent.magnet, options);
      return torrent.hash;
    }
    const added = await this.call<string>('webui.addTorrent', 'file', torrent.data.toString('base64'), options);
    return (added || torrent.hash).toUpperCase();
  }

  async getItems(): Promise<DownloadClientItem[]> {
    const { torrents } = await this.call<{ torrents?: TorrentRow[] }>('webui.list');
    return (torrents ?? [])
      .map((row) => ({
        hash: String(row[0]),
        state: stateOf(Number(row[1])),
        name: String(row[2]),
        size: Number(row[3]),
        finished: Number(row[4]) >= 1000,
        downloaded: Number(row[5]),
        rate: Number(row[9]),
        label: String(row[11] ?? ''),
        error: String(row[21] ?? ''),
        savePath: String(row[26] ?? ''),
      }))
      .filter((torrent) => !this.settings.category || torrent.label === this.settings.category)
      .map((torrent) => {
        let status: DownloadItemStatus = 'downloading';
        if (torrent.error) status = 'warning';
        else if (torrent.finished && torrent.state !== 'checking') status = 'completed';
        else if (torrent.state === 'queuedForChecking') status = 'queued';
        else if (torrent.state === 'paused') status = 'paused';
        const removable = torrent.finished && torrent.state === 'paused';
        return {
          downloadClientId: this.downloadClientId,
          downloadClient: this.name,
          downloadId: torrent.hash.toUpperCase(),
          title: torrent.name,
          category: torrent.label || undefined,
          totalSize: torrent.size,
          remainingSize: torrent.size - torrent.downloaded,
          // Readarr's estimate: the whole size at the current rate.
          remainingTime: torrent.rate > 0 && torrent.size > 0 ? Math.floor(torrent.size / torrent.rate) : 0,
          status,
          outputPath: `${torrent.savePath.replace(/\/+$/, '')}/${torrent.name}`,
          message: torrent.error || undefined,
          canMoveFiles: removable,
          canBeRemoved: removable,
        };
      });
  }

  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    await this.call('webui.perform', deleteData ? 'removedata' : 'remove', [downloadId]);
  }
}

@Injectable()
export class HadoukenProvider extends DownloadClientProviderBase<HadoukenSettings> {
  readonly meta: ProviderMeta<HadoukenSettings> = {
    implementation: 'Hadouken',
    implementationName: 'Hadouken',
    configContract: 'HadoukenSettings',
    settings: HadoukenSettings,
    protocol: 'torrent',
  };

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: HadoukenSettings): DownloadClient {
    return new HadoukenClient(definition, settings);
  }
}
