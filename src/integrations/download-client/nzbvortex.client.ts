import { Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { basename, join } from 'node:path';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { connectionFailure, ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { clientBaseUrl, httpRequest } from '../core/provider-http';
import {
  DownloadClient,
  DownloadClientItem,
  DownloadClientProviderBase,
  DownloadItemStatus,
  ReleaseToDownload,
} from './download-client';
import { NzbVortexSettings } from './nzbvortex.settings';
import { cleanFileName, fetchNzb } from './torrent-file';

class NzbVortexAuthenticationError extends Error {}
class NzbVortexUnreachableError extends Error {}

/** NZBVortex's job states, by number. */
const STATE = {
  waiting: 0,
  passwordRequest: 5,
  done: 20,
  uncompressFailed: 21,
  checkFailedDataCorrupt: 22,
  badlyEncoded: 24,
};

type Json = Record<string, unknown>;

/** NZBVortex's JSON is read case-insensitively, as Readarr does (it answers `sessionID`, `apilevel`, …). */
function read<T>(json: unknown, key: string): T | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const wanted = key.toLowerCase();
  const found = Object.keys(json).find((candidate) => candidate.toLowerCase() === wanted);
  return found === undefined ? undefined : ((json as Json)[found] as T);
}

/** `ok`, `notLoggedIn` (also spelt `not_logged_in`) or `unknownCommand`, lower-cased without underscores. */
const resultOf = (json: unknown) =>
  String(read<string>(json, 'result') ?? '')
    .replace(/_/g, '')
    .toLowerCase();

interface QueueItem {
  id: number;
  uiTitle: string;
  destinationPath: string;
  isPaused: boolean;
  state: number;
  totalDownloadSize: number;
  downloadedSize: number;
  addUUID?: string;
  groupName?: string;
}

function queueItemOf(json: unknown): QueueItem {
  return {
    id: Number(read(json, 'id')),
    uiTitle: String(read(json, 'uiTitle') ?? ''),
    destinationPath: String(read(json, 'destinationPath') ?? ''),
    isPaused: read<boolean>(json, 'isPaused') === true,
    state: Number(read(json, 'state') ?? 0),
    totalDownloadSize: Number(read(json, 'totalDownloadSize') ?? 0),
    downloadedSize: Number(read(json, 'downloadedSize') ?? 0),
    addUUID: read<string>(json, 'addUUID') ?? undefined,
    groupName: read<string>(json, 'groupName') ?? undefined,
  };
}

/** Readarr's reading of a job: paused wins; waiting is queued, done completed, three failure states failed. */
function statusOf(item: QueueItem): DownloadItemStatus {
  if (item.isPaused) return 'paused';
  switch (item.state) {
    case STATE.waiting:
      return 'queued';
    case STATE.done:
      return 'completed';
    case STATE.uncompressFailed:
    case STATE.checkFailedDataCorrupt:
    case STATE.badlyEncoded:
      return 'failed';
    default:
      return 'downloading';
  }
}

/** Session ids by server and key: NZBVortex sessions outlive one client object. */
export type NzbVortexSessions = Map<string, string>;

/**
 * NZBVortex 3's API (always HTTPS, as Readarr speaks it): a session from a nonce, a client nonce and a SHA-256 of
 * both with the API key; every authenticated call carries `sessionid`, and a `notLoggedIn` answer logs in again once.
 */
class NzbVortexClient implements DownloadClient {
  readonly protocol = 'usenet' as const;
  readonly downloadClientId: number;
  readonly name: string;
  private readonly apiUrl: string;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: NzbVortexSettings,
    private readonly sessions: NzbVortexSessions,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
    this.apiUrl = `${clientBaseUrl({ ...settings, useSsl: true })}/api`;
  }

  private get sessionKey(): string {
    return `${this.apiUrl}:${this.settings.apiKey}`;
  }

  private async get(resource: string, query: Record<string, string> = {}, body?: FormData): Promise<unknown> {
    const url = `${this.apiUrl}/${resource}${Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''}`;
    let text: string;
    try {
      const response = await httpRequest(url, { method: body ? 'POST' : 'GET', body });
      if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
      text = response.text;
    } catch {
      throw new NzbVortexUnreachableError('Unable to connect to NZBVortex, please check your settings');
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Error(`NzbVortex response could not be processed: ${text.slice(0, 100)}`);
    }
  }

  private async login(): Promise<string> {
    this.sessions.delete(this.sessionKey);
    const nonce = String(read(await this.get('auth/nonce'), 'authNonce') ?? '');
    const cnonce = randomUUID();
    const hash = createHash('sha256').update(`${nonce}:${cnonce}:${this.settings.apiKey}`).digest('base64');
    const answer = await this.get('auth/login', { nonce, cnonce, hash });
    if (String(read(answer, 'loginResult') ?? '').toLowerCase() !== 'successful')
      throw new NzbVortexAuthenticationError('Authentication failed, check your API Key');
    const sessionId = String(read(answer, 'sessionId') ?? '');
    this.sessions.set(this.sessionKey, sessionId);
    return sessionId;
  }

  private async call(resource: string, query: Record<string, string> = {}, body?: () => FormData): Promise<unknown> {
    const session = this.sessions.get(this.sessionKey) ?? (await this.login());
    let answer = await this.get(resource, { ...query, sessionid: session }, body?.());
    if (resultOf(answer) === 'notloggedin') {
      answer = await this.get(resource, { ...query, sessionid: await this.login() }, body?.());
      if (resultOf(answer) === 'notloggedin') throw new Error('Unable to remain authenticated to NzbVortex');
    }
    return answer;
  }

  private async queue(limitDone: number): Promise<QueueItem[]> {
    const query: Record<string, string> = {};
    if (this.settings.musicCategory?.trim()) query.groupName = this.settings.musicCategory;
    query.limitDone = String(limitDone);
    return (read<unknown[]>(await this.call('nzb', query), 'nzbs') ?? []).map(queueItemOf);
  }

  async test(): Promise<ValidationFailure[]> {
    try {
      await this.get('app/appversion');
    } catch (error) {
      return [
        providerFailure('host', 'Unable to connect to NZBVortex', { detailedDescription: (error as Error).message }),
      ];
    }
    try {
      const [major, minor] = String(read(await this.get('app/apilevel'), 'apiLevel') ?? '')
        .split('.')
        .map(Number);
      if (!Number.isFinite(major)) throw new Error('no API level');
      if (major < 2 || (major === 2 && (minor || 0) < 3))
        return [providerFailure('host', 'NZBVortex needs to be updated')];
    } catch {
      return [providerFailure('host', 'Unable to connect to NZBVortex')];
    }
    try {
      await this.queue(1);
    } catch (error) {
      if (error instanceof NzbVortexAuthenticationError) return [providerFailure('apiKey', 'API Key Incorrect')];
      return [connectionFailure(error, 'host')];
    }
    try {
      const groups = read<unknown[]>(await this.call('group'), 'groups') ?? [];
      const category = this.settings.musicCategory;
      if (category?.trim() && !groups.some((group) => read(group, 'groupName') === category))
        return [
          providerFailure('musicCategory', 'Group does not exist', {
            detailedDescription: "The Group you entered doesn't exist in NzbVortex. Go to NzbVortex to create it.",
            attemptedValue: category,
          }),
        ];
    } catch (error) {
      return [connectionFailure(error, 'host')];
    }
    return [];
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const filename = `${cleanFileName(release.title)}.nzb`;
    const nzb = await fetchNzb(release.downloadUrl);
    const priority = release.recentBook ? this.settings.recentTvPriority : this.settings.olderTvPriority;
    const query: Record<string, string> = { priority: String(priority) };
    if (this.settings.musicCategory?.trim()) query.groupname = this.settings.musicCategory;
    const form = () => {
      const data = new FormData();
      data.append('name', new Blob([new Uint8Array(nzb)], { type: 'application/x-nzb' }), filename);
      return data;
    };
    const id = read<string>(await this.call('nzb/add', query, form), 'add_uuid');
    if (!id) throw new Error(`Failed to add nzb ${filename}`);
    return id;
  }

  async getItems(): Promise<DownloadClientItem[]> {
    const items: DownloadClientItem[] = [];
    for (const job of await this.queue(30)) {
      const item: DownloadClientItem = {
        downloadClientId: this.downloadClientId,
        downloadClient: this.name,
        downloadId: job.addUUID ?? String(job.id),
        title: job.uiTitle,
        category: job.groupName,
        totalSize: job.totalDownloadSize,
        remainingSize: job.totalDownloadSize - job.downloadedSize,
        status: statusOf(job),
        canMoveFiles: true,
        canBeRemoved: true,
      };
      await this.fillOutputPath(job, item);
      // Readarr fails an encrypted download ("Encrypted download detected"); Quire's items carry no encryption
      // flag, so the job is reported failed with that message, which the refresh turns into the same failure.
      if (job.state === STATE.passwordRequest)
        Object.assign(item, { status: 'failed', message: 'Encrypted download detected' });
      if (item.status === 'completed') item.remainingTime = 0;
      items.push(item);
    }
    return items;
  }

  /** A job folder named after the title is the output; a finished job without one points at its (single) file. */
  private async fillOutputPath(job: QueueItem, item: DownloadClientItem): Promise<void> {
    const destination = job.destinationPath;
    if (basename(destination) === job.uiTitle) {
      item.outputPath = destination;
      return;
    }
    if (job.state !== STATE.done) return;
    const files = read<unknown[]>(await this.call(`file/${job.id}`), 'files') ?? [];
    if (files.length > 1) {
      item.status = 'warning';
      item.message = `Download contains multiple files and is not in a job folder: ${destination}`;
    }
    if (files.length) item.outputPath = join(destination, String(read(files[0], 'fileName') ?? ''));
  }

  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    const id = /^\d+$/.test(downloadId)
      ? Number(downloadId)
      : (await this.queue(30)).find((job) => job.addUUID === downloadId)?.id;
    if (id === undefined) return;
    await this.call(`nzb/${id}/${deleteData ? 'cancelDelete' : 'cancel'}`);
  }
}

@Injectable()
export class NzbVortexProvider extends DownloadClientProviderBase<NzbVortexSettings> {
  readonly meta: ProviderMeta<NzbVortexSettings> = {
    implementation: 'NzbVortex',
    implementationName: 'NZBVortex',
    configContract: 'NzbVortexSettings',
    settings: NzbVortexSettings,
    protocol: 'usenet',
  };

  private readonly sessions: NzbVortexSessions = new Map();

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: NzbVortexSettings): DownloadClient {
    return new NzbVortexClient(definition, settings, this.sessions);
  }
}
