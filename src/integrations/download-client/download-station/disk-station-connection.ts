import { httpRequest } from '../../core/provider-http';
import type { DownloadStationSettings } from '../download-station.settings';
import {
  DiskStationAuthenticationError,
  DiskStationError,
  DiskStationUnreachableError,
  diskStationMessage,
  SESSION_ERRORS,
} from './disk-station-errors';

export interface DiskStationApiInfo {
  path: string;
  minVersion: number;
  maxVersion: number;
}

const HOUR = 3_600_000;

interface Cached<T> {
  value: T;
  until: number;
}

/** What a provider keeps between client objects, per DiskStation (as Readarr caches it): API paths, sessions, serials. */
export class DiskStationCache {
  readonly apis = new Map<string, Cached<DiskStationApiInfo | undefined>>();
  readonly sessions = new Map<string, Cached<string>>();
  readonly serials = new Map<string, Cached<string>>();
  readonly sharedFolders = new Map<string, Cached<string>>();
  now = () => Date.now();

  get<T>(map: Map<string, Cached<T>>, key: string): T | undefined {
    const entry = map.get(key);
    return entry && entry.until > this.now() ? entry.value : undefined;
  }

  set<T>(map: Map<string, Cached<T>>, key: string, value: T, ttlMs: number): T {
    map.set(key, { value, until: this.now() + ttlMs });
    return value;
  }
}

/** A file to upload with a POST, after the form fields (DSM reads the file part last). */
export interface DiskStationUpload {
  field: string;
  filename: string;
  data: Buffer;
  fields: Record<string, string>;
  /** DownloadStation2 wants the session id in the query of a POST, the older APIs in the form. */
  sidInQuery: boolean;
}

interface Envelope<T> {
  success: boolean;
  data?: T;
  error?: { code: number };
}

/**
 * The DSM Web API: `SYNO.API.Info` says at which path and versions each API lives, `SYNO.API.Auth` login gives the
 * session id (`_sid`) every other API wants. Requests are GET with query parameters, uploads a multipart POST.
 */
export class DiskStationConnection {
  constructor(
    private readonly settings: DownloadStationSettings,
    private readonly cache: DiskStationCache,
  ) {}

  private get root(): string {
    return `${this.settings.useSsl ? 'https' : 'http'}://${this.settings.host}:${this.settings.port}/webapi`;
  }

  private get hostKey(): string {
    return `${this.settings.host}:${this.settings.port}`;
  }

  private get sessionKey(): string {
    return `${this.settings.username ?? ''}@${this.hostKey}`;
  }

  /** The API's path and versions, or undefined when the DiskStation does not have it. */
  async apiInfo(api: string): Promise<DiskStationApiInfo | undefined> {
    const key = `${this.hostKey}->${api}`;
    const cached = this.cache.get(this.cache.apis, key);
    if (cached) return cached;
    const answer = await this.send<Record<string, DiskStationApiInfo>>(
      'SYNO.API.Info',
      'get api info',
      `${this.root}/query.cgi`,
      { api: 'SYNO.API.Info', version: '1', method: 'query', query: `SYNO.API.Auth,${api}` },
    );
    for (const name of ['SYNO.API.Auth', api]) {
      const info = answer[name];
      this.cache.set(
        this.cache.apis,
        `${this.hostKey}->${name}`,
        info
          ? { path: info.path.replace(/^[/\\]+/, ''), minVersion: info.minVersion, maxVersion: info.maxVersion }
          : undefined,
        HOUR,
      );
    }
    return this.cache.get(this.cache.apis, key);
  }

  private async requireApi(api: string): Promise<DiskStationApiInfo> {
    const info = await this.apiInfo(api);
    if (!info) throw new Error(`Info of ${api} not found on ${this.hostKey}`);
    return info;
  }

  /** Logs in (DSM 7's Auth API, version 7 and up, is spoken at version 6; older ones at 2). */
  async login(): Promise<string> {
    this.cache.sessions.delete(this.sessionKey);
    const auth = await this.requireApi('SYNO.API.Auth');
    const version = auth.maxVersion >= 7 ? 6 : 2;
    const answer = await this.send<{ sid: string }>('SYNO.API.Auth', 'login', `${this.root}/${auth.path}`, {
      api: 'SYNO.API.Auth',
      version: String(version),
      method: 'login',
      account: this.settings.username ?? '',
      passwd: this.settings.password ?? '',
      format: 'sid',
      session: 'DownloadStation',
    });
    return this.cache.set(this.cache.sessions, this.sessionKey, answer.sid, 6 * HOUR);
  }

  private async session(): Promise<string> {
    return this.cache.get(this.cache.sessions, this.sessionKey) ?? (await this.login());
  }

  /** One call of an authenticated API; a session DSM has dropped is renewed once. */
  async call<T>(
    api: string,
    method: string,
    version: number,
    operation: string,
    params: Record<string, string> = {},
    upload?: DiskStationUpload,
  ): Promise<T> {
    const info = await this.requireApi(api);
    if (version < info.minVersion || version > info.maxVersion)
      throw new Error(`${api} does not offer version ${version} (only ${info.minVersion} to ${info.maxVersion})`);
    const attempt = async () => {
      const sid = await this.session();
      const url = `${this.root}/${info.path}`;
      const common = { api, version: String(version), method };
      if (!upload) return this.send<T>(api, operation, url, { _sid: sid, ...common, ...params });
      const form = new FormData();
      const formFields: Record<string, string> = upload.sidInQuery ? { ...common } : { _sid: sid, ...common };
      for (const [name, value] of Object.entries({ ...formFields, ...upload.fields })) form.append(name, value);
      form.append(upload.field, new Blob([new Uint8Array(upload.data)]), upload.filename);
      return this.send<T>(api, operation, url, upload.sidInQuery ? { _sid: sid, ...params } : params, form);
    };
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof DiskStationError) || error.code === 105 || !SESSION_ERRORS.has(error.code)) throw error;
      return attempt();
    }
  }

  private async send<T>(
    api: string,
    operation: string,
    url: string,
    params: Record<string, string>,
    form?: FormData,
  ): Promise<T> {
    let status: number;
    let text: string;
    try {
      const response = await httpRequest(`${url}?${new URLSearchParams(params).toString()}`, {
        method: form ? 'POST' : 'GET',
        body: form,
      });
      status = response.status;
      text = response.text;
    } catch {
      // The request's own error would name the URL, and with it the password or session id.
      throw new DiskStationUnreachableError('Unable to connect to Diskstation, please check your settings');
    }
    if (status !== 200) throw new DiskStationUnreachableError(`Diskstation answered HTTP ${status}`);
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`Failed to ${operation}: the Diskstation's answer is not JSON`);
    }
    if (envelope.success) return envelope.data as T;
    const code = Number(envelope.error?.code ?? 100);
    const message = `Failed to ${operation}. Reason: ${diskStationMessage(api, code)}`;
    if (SESSION_ERRORS.has(code)) this.cache.sessions.delete(this.sessionKey);
    if (code === 105 || (api === 'SYNO.API.Auth' && code >= 400))
      throw new DiskStationAuthenticationError(message, api, code);
    throw new DiskStationError(message, api, code);
  }
}
