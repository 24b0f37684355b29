import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { clientBaseUrl, HttpRequestError, httpRequest } from '../core/provider-http';
import { DelugeSettings } from './deluge.settings';
import {
  DownloadClient,
  DownloadClientItem,
  DownloadClientProviderBase,
  DownloadItemStatus,
  ReleaseToDownload,
} from './download-client';
import { TORRENT_PRIORITY } from './download-client.settings';
import { cleanFileName, fetchTorrent } from './torrent-file';

/** deluge-web refused the password (auth.login answered false), or still refuses a call after a fresh login. */
class AuthenticationError extends Error {}
/** deluge-web is up but has no daemon to talk to. */
class DaemonUnavailableError extends Error {}

/** An error deluge-web answered in the JSON-RPC envelope (1: not logged in, 2: unknown method, 3/4: the call failed). */
class DelugeRpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(`${message} (code ${code})`);
  }
}

interface DelugeTorrent {
  hash: string;
  name: string;
  state: string;
  progress: number;
  eta: number;
  message: string;
  is_finished: boolean;
  save_path: string;
  total_size: number;
  total_done: number;
  ratio: number;
  is_auto_managed: boolean;
  stop_at_ratio: boolean;
  stop_ratio: number;
}

const TORRENT_KEYS = [
  'hash',
  'name',
  'state',
  'progress',
  'eta',
  'message',
  'is_finished',
  'save_path',
  'total_size',
  'total_done',
  'time_added',
  'active_time',
  'ratio',
  'is_auto_managed',
  'stop_at_ratio',
  'remove_at_ratio',
  'stop_ratio',
];

/** Readarr's reading of Deluge's states: an error is a warning, a finished torrent not being re-checked is complete. */
function statusOf(torrent: DelugeTorrent): { status: DownloadItemStatus; message?: string } {
  if (torrent.state === 'Error') return { status: 'warning', message: 'Deluge is reporting an error' };
  if (torrent.is_finished && torrent.state !== 'Checking') return { status: 'completed' };
  if (torrent.state === 'Queued') return { status: 'queued' };
  if (torrent.state === 'Paused') return { status: 'paused' };
  return { status: 'downloading' };
}

/**
 * As Readarr: Deluge may let a torrent go only when it manages it, stops it at a ratio, the ratio is reached and it
 * has paused it. Deluge 2 keeps no seed time per torrent, so there is no time goal.
 */
function reachedSeedGoal(torrent: DelugeTorrent): boolean {
  return (
    torrent.is_auto_managed &&
    torrent.stop_at_ratio &&
    torrent.ratio >= torrent.stop_ratio &&
    torrent.state === 'Paused'
  );
}

/** What the failed HTTP request says about the connection, told apart as Readarr does. */
function connectionProblem(error: HttpRequestError): ValidationFailure {
  if (error.status !== undefined)
    return providerFailure('Host', 'Unable to connect to Deluge', { detailedDescription: error.message });
  // The reason follows the (redacted) URL, whose host name must not decide.
  const reason = error.message.split(' failed: ').pop() ?? '';
  // As Readarr: a certificate Quire does not trust is a failure to connect, with the reason (and how to accept it).
  if (/certificate/i.test(reason))
    return providerFailure('Host', 'Unable to connect to Deluge', { detailedDescription: reason });
  if (/EPROTO|ssl|tls/i.test(reason))
    return providerFailure('UseSsl', 'Unable to connect through SSL', {
      detailedDescription:
        'Quire is unable to connect to Deluge using SSL. Please try to configure both Quire and Deluge to not use SSL.',
    });
  if (/ECONNRESET|socket hang up|other side closed|UND_ERR_SOCKET/i.test(reason))
    return providerFailure('UseSsl', 'Verify SSL settings', {
      detailedDescription: 'Please verify your SSL configuration on both Deluge and Quire.',
    });
  return providerFailure('Host', 'Unable to connect', { detailedDescription: 'Please verify the hostname and port.' });
}

/**
 * deluge-web's JSON-RPC at `<urlBase>/json`: `auth.login` with the web password sets a `_session_id` cookie, then
 * deluge-web must be connected to a daemon (the one on 127.0.0.1 in its host list, as Readarr picks it). Daemon
 * methods are unknown (code 2) while it is not, and every call needs the cookie (code 1): either error means a
 * fresh login and one retry.
 */
class DelugeClient implements DownloadClient {
  readonly protocol = 'torrent' as const;
  readonly downloadClientId: number;
  readonly name: string;
  private requestId = 0;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: DelugeSettings,
    private readonly sessions: Map<string, string>,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
  }

  private get jsonUrl(): string {
    return `${clientBaseUrl(this.settings)}/json`;
  }

  private get sessionKey(): string {
    return `${this.jsonUrl}|${this.settings.password ?? ''}`;
  }

  private get category(): string | undefined {
    return this.settings.musicCategory?.trim() || undefined;
  }

  /** One JSON-RPC request; answers the envelope and the session cookie deluge-web set, if any. */
  private async post<T>(
    method: string,
    params: unknown[],
    cookie?: string,
  ): Promise<{ result: T; error: { message: string; code: number } | null; cookie?: string }> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (cookie) headers.Cookie = cookie;
    const response = await httpRequest(this.jsonUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({ method, params, id: ++this.requestId }),
      timeoutMs: 15_000,
    });
    if (response.status >= 400)
      throw new HttpRequestError(`Deluge answered HTTP ${response.status} to ${method}`, response.status);
    let body: { result: T; error: { message: string; code: number } | null };
    try {
      body = JSON.parse(response.text) as typeof body;
    } catch {
      throw new HttpRequestError(`Deluge answered ${method} with something other than JSON-RPC`, response.status);
    }
    const session = /_session_id=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    return { ...body, cookie: session ? `_session_id=${session}` : undefined };
  }

  private async login(): Promise<string> {
    this.sessions.delete(this.sessionKey);
    const answer = await this.post<boolean>('auth.login', [this.settings.password ?? '']);
    if (answer.error) throw new DelugeRpcError(answer.error.message, answer.error.code);
    if (answer.result !== true || !answer.cookie) throw new AuthenticationError('Failed to authenticate with Deluge.');
    await this.connectDaemon(answer.cookie);
    this.sessions.set(this.sessionKey, answer.cookie);
    return answer.cookie;
  }

  /** As Readarr: a deluge-web not yet connected connects to the daemon its host list has on 127.0.0.1. */
  private async connectDaemon(cookie: string): Promise<void> {
    const verified = async <T>(method: string, params: unknown[] = []): Promise<T> => {
      const answer = await this.post<T>(method, params, cookie);
      if (answer.error) throw new DelugeRpcError(answer.error.message, answer.error.code);
      return answer.result;
    };
    if (await verified<boolean>('web.connected')) return;
    const hosts = (await verified<unknown[][] | null>('web.get_hosts')) ?? [];
    const local = hosts.find((host) => host[1] === '127.0.0.1');
    if (!local) throw new DaemonUnavailableError('Failed to connect to Deluge daemon.');
    await verified('web.connect', [local[0]]);
    // deluge-web answers web.connect without an error when the daemon is down: ask again.
    if (!(await verified<boolean>('web.connected')))
      throw new DaemonUnavailableError('Failed to connect to Deluge daemon.');
  }

  private async call<T>(method: string, ...params: unknown[]): Promise<T> {
    const cookie = this.sessions.get(this.sessionKey) ?? (await this.login());
    let answer = await this.post<T>(method, params, cookie);
    if (answer.error && (answer.error.code === 1 || answer.error.code === 2)) {
      answer = await this.post<T>(method, params, await this.login());
      // Logged in and connected just now: code 2 is now a method the daemon really lacks (a plugin that is off).
      if (answer.error?.code === 1) throw new AuthenticationError(answer.error.message);
    }
    if (answer.error) throw new DelugeRpcError(answer.error.message, answer.error.code);
    return answer.result;
  }

  async test(): Promise<ValidationFailure[]> {
    try {
      this.sessions.delete(this.sessionKey);
      // Deluge 2 answers the version as daemon.get_version, Deluge 1.3 only as daemon.info.
      await this.call<string>('daemon.get_version').catch((error: unknown) => {
        if (error instanceof DelugeRpcError && error.code === 2) return this.call<string>('daemon.info');
        throw error;
      });
    } catch (error) {
      if (error instanceof AuthenticationError) return [providerFailure('Password', 'Authentication failed')];
      if (error instanceof HttpRequestError) return [connectionProblem(error)];
      return [
        providerFailure('Host', 'Unable to connect to Deluge', {
          detailedDescription: error instanceof Error ? error.message : String(error),
        }),
      ];
    }
    try {
      const labelFailure = await this.testLabels();
      if (labelFailure) return [labelFailure];
      await this.listTorrents();
      return [];
    } catch (error) {
      return [
        providerFailure(
          '',
          `Failed to get the list of torrents: ${error instanceof Error ? error.message : String(error)}`,
        ),
      ];
    }
  }

  /** As Readarr: categories need the Label plugin; labels Quire uses are created when missing. */
  private async testLabels(): Promise<ValidationFailure | undefined> {
    const wanted: [string, string][] = [];
    if (this.category) wanted.push(['MusicCategory', this.category]);
    const imported = this.postImportCategory;
    if (imported) wanted.push(['MusicImportedCategory', imported]);
    if (wanted.length === 0) return undefined;
    const plugins = await this.call<string[]>('core.get_enabled_plugins');
    if (!plugins.includes('Label'))
      return providerFailure('MusicCategory', 'Label plugin not activated', {
        detailedDescription: 'You must have the Label plugin enabled in Deluge to use categories.',
      });
    for (const [field, label] of wanted) {
      if ((await this.call<string[]>('label.get_labels')).includes(label)) continue;
      await this.call('label.add', label);
      if (!(await this.call<string[]>('label.get_labels')).includes(label))
        return providerFailure(field, 'Configuration of label failed', {
          detailedDescription: 'Quire was unable to add the label to Deluge.',
        });
    }
    return undefined;
  }

  /** `label.set_torrent`, creating the label first when Deluge does not know it (a client saved without a test). */
  private async setLabel(hash: string, label: string): Promise<void> {
    try {
      await this.call('label.set_torrent', hash, label);
    } catch (error) {
      if (!(error instanceof DelugeRpcError) || !/Unknown Label/i.test(error.message)) throw error;
      await this.call('label.add', label);
      await this.call('label.set_torrent', hash, label);
    }
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const torrent = await fetchTorrent(release);
    const options: Record<string, unknown> = { add_paused: this.settings.addPaused, remove_at_ratio: false };
    if (this.settings.downloadDirectory?.trim()) options.download_location = this.settings.downloadDirectory.trim();
    if (this.settings.completedDirectory?.trim()) {
      options.move_completed_path = this.settings.completedDirectory.trim();
      options.move_completed = true;
    }
    const added =
      torrent.kind === 'magnet'
        ? await this.call<string | null>('core.add_torrent_magnet', torrent.magnet, options)
        : await this.call<string | null>(
            'core.add_torrent_file',
            `${cleanFileName(release.title)}.torrent`,
            torrent.data.toString('base64'),
            options,
          );
    if (!added)
      throw new Error(`Deluge failed to add ${torrent.kind === 'magnet' ? 'magnet' : 'torrent'} ${release.title}`);
    const hash = added.toLowerCase();
    // Deluge 2 has no seed time per torrent: as in Readarr, only the ratio goal is set.
    const ratio = release.seedConfiguration?.ratio;
    if (ratio !== undefined)
      await this.call('core.set_torrent_options', [hash], { stop_ratio: ratio, stop_at_ratio: true });
    if (this.category) await this.setLabel(hash, this.category);
    const priority = release.recentBook ? this.settings.recentTvPriority : this.settings.olderTvPriority;
    if (priority === TORRENT_PRIORITY.First) await this.call('core.queue_top', [hash]);
    return hash.toUpperCase();
  }

  private async listTorrents(): Promise<DelugeTorrent[]> {
    const filter = this.category ? { label: this.category } : {};
    const torrents = await this.call<Record<string, DelugeTorrent> | null>(
      'core.get_torrents_status',
      filter,
      TORRENT_KEYS,
    );
    return Object.values(torrents ?? {}).filter((torrent) => torrent.hash);
  }

  async getItems(): Promise<DownloadClientItem[]> {
    return (await this.listTorrents()).map((torrent) => {
      const { status, message } = statusOf(torrent);
      const removable = reachedSeedGoal(torrent);
      return {
        downloadClientId: this.downloadClientId,
        downloadClient: this.name,
        downloadId: torrent.hash.toUpperCase(),
        title: torrent.name,
        category: this.category,
        totalSize: torrent.total_size,
        remainingSize: torrent.total_size - torrent.total_done,
        // Deluge answers -1 for an ETA beyond a year.
        remainingTime: torrent.eta >= 0 ? torrent.eta : undefined,
        status,
        outputPath: `${torrent.save_path.replace(/\/+$/, '')}/${torrent.name}`,
        message,
        canMoveFiles: removable,
        canBeRemoved: removable,
      };
    });
  }

  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    await this.call('core.remove_torrent', downloadId.toLowerCase(), deleteData);
  }

  get postImportCategory(): string | undefined {
    return this.settings.musicImportedCategory?.trim() || undefined;
  }

  /** As Readarr: the post-import label replaces the category label, unless both are the same. */
  async markItemAsImported(downloadId: string): Promise<void> {
    const label = this.postImportCategory;
    if (!label || label === this.category) return;
    await this.setLabel(downloadId.toLowerCase(), label);
  }
}

@Injectable()
export class DelugeProvider extends DownloadClientProviderBase<DelugeSettings> {
  readonly meta: ProviderMeta<DelugeSettings> = {
    implementation: 'Deluge',
    implementationName: 'Deluge',
    configContract: 'DelugeSettings',
    settings: DelugeSettings,
    protocol: 'torrent',
  };
  private readonly sessions = new Map<string, string>();

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: DelugeSettings): DownloadClient {
    return new DelugeClient(definition, settings, this.sessions);
  }
}
