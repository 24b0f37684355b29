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
import { TORRENT_PRIORITY, TransmissionSettings } from './download-client.settings';
import { fetchTorrent } from './torrent-file';

class AuthenticationError extends Error {}

export interface TransmissionTorrent {
  hashString: string;
  name: string;
  downloadDir: string;
  totalSize: number;
  leftUntilDone: number;
  isFinished: boolean;
  status: number;
  eta: number;
  errorString: string;
  uploadedEver: number;
  downloadedEver: number;
  secondsSeeding: number;
  /** 0: the session's limit, 1: the torrent's own, 2: none. */
  seedRatioMode: number;
  seedRatioLimit: number;
  seedIdleMode: number;
  /** Minutes. */
  seedIdleLimit: number;
  /** Not every server reports it (Transmission 3 does not). */
  fileCount?: number;
}

interface SessionLimits {
  seedRatioLimited: boolean;
  seedRatioLimit: number;
  'idle-seeding-limit-enabled': boolean;
}

const FIELDS = [
  'hashString',
  'name',
  'downloadDir',
  'totalSize',
  'leftUntilDone',
  'isFinished',
  'status',
  'eta',
  'errorString',
  'uploadedEver',
  'downloadedEver',
  'secondsSeeding',
  'seedRatioMode',
  'seedRatioLimit',
  'seedIdleMode',
  'seedIdleLimit',
  'fileCount',
];

const STOPPED = 0;
const CHECK_WAIT = 1;
const CHECK = 2;
const QUEUED = 3;
const SEED_WAIT = 5;
const SEEDING = 6;

/** Readarr's reading: any error text is a warning (never a failed download), a whole torrent is completed. */
function statusOf(torrent: TransmissionTorrent): DownloadItemStatus {
  if (torrent.errorString) return 'warning';
  if (torrent.leftUntilDone === 0 && [STOPPED, SEEDING, SEED_WAIT].includes(torrent.status)) return 'completed';
  if (torrent.isFinished && torrent.status !== CHECK && torrent.status !== CHECK_WAIT) return 'completed';
  if (torrent.status === QUEUED) return 'queued';
  return 'downloading';
}

/**
 * Readarr's seed goal: a stopped torrent that reached its ratio (its own, or the session's when that is on), or a
 * torrent seeded longer than its own idle limit (Transmission has no seed time, its idle limit stands in), or a
 * stopped one when the session's idle limit is on.
 */
function reachedSeedLimit(torrent: TransmissionTorrent, session: SessionLimits): boolean {
  const stopped = torrent.status === STOPPED;
  const seeding = torrent.status === SEEDING;
  const ratio = torrent.downloadedEver <= 0 ? 0 : torrent.uploadedEver / torrent.downloadedEver;
  if (torrent.seedRatioMode === 1) {
    if (stopped && ratio >= torrent.seedRatioLimit) return true;
  } else if (torrent.seedRatioMode === 0) {
    if (stopped && session.seedRatioLimited && ratio >= session.seedRatioLimit) return true;
  }
  if (torrent.seedIdleMode === 1) return (stopped || seeding) && torrent.secondsSeeding > torrent.seedIdleLimit * 60;
  if (torrent.seedIdleMode === 0) return stopped && session['idle-seeding-limit-enabled'];
  return false;
}

/**
 * Transmission RPC: every call may answer 409 with a new `X-Transmission-Session-Id` (it can change at any time),
 * so each call retries once with the id it was given. Basic auth is checked before the session id (401).
 */
export class TransmissionClient implements DownloadClient {
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

  /** As Readarr: the Directory when one is set, as it is; else the category's sub-folder of the session's folder. */
  private async downloadDirectory(sessionDirectory?: string): Promise<string | undefined> {
    if (this.settings.tvDirectory) return this.settings.tvDirectory;
    if (!this.settings.musicCategory) return undefined;
    const base = sessionDirectory || (await this.rpc<{ 'download-dir': string }>('session-get'))['download-dir'];
    return `${base.replace(/\/+$/, '')}/${this.settings.musicCategory}`;
  }

  async test(): Promise<ValidationFailure[]> {
    try {
      const session = await this.rpc<{ version: string; 'rpc-version': number }>('session-get');
      const tooOld = this.versionFailure(session);
      return tooOld ? [tooOld] : [];
    } catch (error) {
      if (error instanceof AuthenticationError)
        return [
          providerFailure('username', 'Authentication failure', {
            detailedDescription:
              'Please verify your username and password. Also verify that the host running Quire is not blocked from Transmission by the whitelist in its configuration.',
          }),
        ];
      return [connectionFailure(error, 'host')];
    }
  }

  /** A server too old for the calls made here, or undefined. */
  protected versionFailure(session: { version: string; 'rpc-version': number }): ValidationFailure | undefined {
    if ((session['rpc-version'] ?? 0) < 14)
      return providerFailure('', `Transmission ${session.version} is too old; version 2.40 or later is needed`);
    return undefined;
  }

  /** Where the torrent's data is: Transmission's download folder holds a folder (or file) of the torrent's name. */
  protected outputPathOf(torrent: TransmissionTorrent): string {
    return `${torrent.downloadDir.replace(/\/+$/, '')}/${torrent.name}`;
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
    // Transmission has no seed time: its idle limit stands in for it, as in Readarr.
    const seed = release.seedConfiguration;
    if (seed && (seed.ratio !== undefined || seed.seedTimeMinutes !== undefined))
      await this.rpc('torrent-set', {
        ids: [hash.toLowerCase()],
        ...(seed.ratio !== undefined ? { seedRatioLimit: seed.ratio, seedRatioMode: 1 } : {}),
        ...(seed.seedTimeMinutes !== undefined ? { seedIdleLimit: seed.seedTimeMinutes, seedIdleMode: 1 } : {}),
      });
    const priority = release.recentBook ? this.settings.recentTvPriority : this.settings.olderTvPriority;
    if (priority === TORRENT_PRIORITY.First) await this.rpc('queue-move-top', { ids: [hash.toLowerCase()] });
    return hash.toUpperCase();
  }

  async getItems(): Promise<DownloadClientItem[]> {
    const { torrents } = await this.rpc<{ torrents: TransmissionTorrent[] }>('torrent-get', { fields: FIELDS });
    const session = await this.rpc<SessionLimits & { 'download-dir': string }>('session-get');
    const directory = await this.downloadDirectory(session['download-dir']);
    return torrents
      .filter((torrent) => !directory || torrent.downloadDir.replace(/\/+$/, '') === directory.replace(/\/+$/, ''))
      .map((torrent) => {
        const status = statusOf(torrent);
        const removable = reachedSeedLimit(torrent, session);
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
          outputPath: this.outputPathOf(torrent),
          message: torrent.errorString || undefined,
          canMoveFiles: removable && torrent.status === STOPPED,
          canBeRemoved: removable,
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
