import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { connectionFailure, ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { clientBaseUrl, HttpRequestError, httpRequest } from '../core/provider-http';
import {
  DownloadClient,
  DownloadClientItem,
  DownloadClientProviderBase,
  DownloadItemStatus,
  ReleaseToDownload,
} from './download-client';
import { TransmissionSettings } from './download-client.settings';
import { fetchTorrent } from './torrent-file';

class AuthenticationError extends Error {}

interface TransmissionTorrent {
  hashString: string;
  name: string;
  downloadDir: string;
  totalSize: number;
  leftUntilDone: number;
  status: number;
  eta: number;
  error: number;
  errorString: string;
  percentDone: number;
}

const FIELDS = [
  'hashString',
  'name',
  'downloadDir',
  'totalSize',
  'leftUntilDone',
  'status',
  'eta',
  'error',
  'errorString',
  'percentDone',
];

function statusOf(torrent: TransmissionTorrent): DownloadItemStatus {
  if (torrent.error === 3) return 'failed';
  if (torrent.error > 0) return 'warning';
  switch (torrent.status) {
    case 0:
      return torrent.percentDone >= 1 ? 'completed' : 'paused';
    case 1:
    case 3:
      return 'queued';
    case 2:
    case 4:
      return 'downloading';
    case 5:
    case 6:
      return 'completed';
    default:
      return 'downloading';
  }
}

/**
 * Transmission RPC: every call may answer 409 with a new `X-Transmission-Session-Id` (it can change at any time),
 * so each call retries once with the id it was given. Basic auth is checked before the session id (401).
 */
class TransmissionClient implements DownloadClient {
  readonly protocol = 'torrent' as const;
  readonly downloadClientId: number;
  readonly name: string;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: TransmissionSettings,
    private readonly sessions: Map<string, string>,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
  }

  private get rpcUrl(): string {
    return `${clientBaseUrl({ ...this.settings, urlBase: this.settings.urlBase || '/transmission/' })}/rpc`;
  }

  private async rpc<T>(method: string, args: Record<string, unknown> = {}): Promise<T> {
    const url = this.rpcUrl;
    for (let attempt = 0; attempt < 3; attempt++) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      const session = this.sessions.get(url);
      if (session) headers['X-Transmission-Session-Id'] = session;
      if (this.settings.username || this.settings.password)
        headers.Authorization = `Basic ${Buffer.from(`${this.settings.username ?? ''}:${this.settings.password ?? ''}`).toString('base64')}`;
      const response = await httpRequest(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ method, arguments: args }),
      });
      if (response.status === 401) throw new AuthenticationError('Authentication failure');
      if (response.status === 409) {
        const id = response.headers.get('x-transmission-session-id');
        if (!id) throw new HttpRequestError('Transmission answered 409 without a session id', 409);
        this.sessions.set(url, id);
        continue;
      }
      if (response.status >= 400)
        throw new HttpRequestError(`Transmission answered HTTP ${response.status}`, response.status);
      const body = JSON.parse(response.text) as { result: string; arguments: T };
      if (body.result !== 'success') throw new Error(`Transmission error: ${body.result}`);
      return body.arguments;
    }
    throw new HttpRequestError('Transmission kept changing its session id', 409);
  }

  private async downloadDirectory(): Promise<string | undefined> {
    const base =
      this.settings.tvDirectory || (await this.rpc<{ 'download-dir': string }>('session-get'))['download-dir'];
    if (!this.settings.musicCategory) return this.settings.tvDirectory || undefined;
    return `${base.replace(/\/+$/, '')}/${this.settings.musicCategory}`;
  }

  async test(): Promise<ValidationFailure[]> {
    try {
      const session = await this.rpc<{ version: string; 'rpc-version': number }>('session-get');
      if ((session['rpc-version'] ?? 0) < 14)
        return [providerFailure('', `Transmission ${session.version} is too old; version 2.40 or later is needed`)];
      return [];
    } catch (error) {
      if (error instanceof AuthenticationError)
        return [
          providerFailure('username', 'Authentication failure'),
          providerFailure('password', 'Authentication failure'),
        ];
      return [connectionFailure(error, 'host')];
    }
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const torrent = await fetchTorrent(release);
    const args: Record<string, unknown> = { paused: this.settings.addPaused };
    if (torrent.kind === 'magnet') args.filename = torrent.magnet;
    else args.metainfo = torrent.data.toString('base64');
    const directory = await this.downloadDirectory();
    if (directory) args['download-dir'] = directory;
    const added = await this.rpc<Record<string, { hashString: string } | undefined>>('torrent-add', args);
    const hash = (added['torrent-added'] ?? added['torrent-duplicate'])?.hashString ?? torrent.hash;
    return hash.toUpperCase();
  }

  async getItems(): Promise<DownloadClientItem[]> {
    const { torrents } = await this.rpc<{ torrents: TransmissionTorrent[] }>('torrent-get', { fields: FIELDS });
    const directory = this.settings.musicCategory ? await this.downloadDirectory() : undefined;
    return torrents
      .filter((torrent) => !directory || torrent.downloadDir.replace(/\/+$/, '') === directory.replace(/\/+$/, ''))
      .map((torrent) => {
        const status = statusOf(torrent);
        const stoppedAfterSeeding = torrent.status === 0 && torrent.percentDone >= 1;
        return {
          downloadClientId: this.downloadClientId,
          downloadClient: this.name,
          downloadId: torrent.hashString.toUpperCase(),
          title: torrent.name,
          category: this.settings.musicCategory ?? undefined,
          totalSize: torrent.totalSize,
          remainingSize: torrent.leftUntilDone,
          remainingTime: torrent.eta >= 0 ? torrent.eta : undefined,
          status,
          outputPath: `${torrent.downloadDir.replace(/\/+$/, '')}/${torrent.name}`,
          message: torrent.errorString || undefined,
          canMoveFiles: stoppedAfterSeeding,
          canBeRemoved: stoppedAfterSeeding,
        };
      });
  }

  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    await this.rpc('torrent-remove', { ids: [downloadId.toLowerCase()], 'delete-local-data': deleteData });
  }
}

@Injectable()
export class TransmissionProvider extends DownloadClientProviderBase<TransmissionSettings> {
  readonly meta: ProviderMeta<TransmissionSettings> = {
    implementation: 'Transmission',
    implementationName: 'Transmission',
    configContract: 'TransmissionSettings',
    settings: TransmissionSettings,
    protocol: 'torrent',
  };
  private readonly sessions = new Map<string, string>();

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: TransmissionSettings): DownloadClient {
    return new TransmissionClient(definition, settings, this.sessions);
  }
}
