import { existsSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { FakeHttpServer, RecordedRequest, send, sendJson } from './fake-http';
import { parseMultipart } from './qbittorrent-fake';

/** DSM 6 task states by name; DSM 7 sends their index. */
const STATES = [
  'unknown',
  'waiting',
  'downloading',
  'paused',
  'finishing',
  'finished',
  'hash_checking',
  'seeding',
  'filehosting_waiting',
  'extracting',
  'error',
  'captcha_needed',
] as const;
export type FakeTaskState = (typeof STATES)[number];

export interface FakeDsTask {
  id: string;
  title: string;
  size: number;
  type: 'bt' | 'nzb' | 'http';
  status: FakeTaskState;
  /** The shared-folder path it downloads to, without the leading slash (`downloads/readarr`). */
  destination: string;
  uri: string;
  sizeDownloaded: number;
  speedDownload: number;
  sizeUploaded: number;
  statusExtra?: Record<string, string>;
  /** What was uploaded for it (a .torrent or .nzb), if anything. */
  file?: Buffer;
}

/** Which API names a DSM generation answers in SYNO.API.Info, with path and versions. */
const APIS: Record<6 | 7, Record<string, { path: string; minVersion: number; maxVersion: number }>> = {
  6: {
    'SYNO.API.Auth': { path: 'auth.cgi', minVersion: 1, maxVersion: 6 },
    'SYNO.DownloadStation.Info': { path: 'DownloadStation/info.cgi', minVersion: 1, maxVersion: 2 },
    'SYNO.DownloadStation.Task': { path: 'DownloadStation/task.cgi', minVersion: 1, maxVersion: 3 },
    'SYNO.FileStation.List': { path: 'entry.cgi', minVersion: 1, maxVersion: 2 },
    'SYNO.DSM.Info': { path: 'entry.cgi', minVersion: 1, maxVersion: 2 },
  },
  7: {
    'SYNO.API.Auth': { path: 'entry.cgi', minVersion: 1, maxVersion: 7 },
    'SYNO.DownloadStation.Info': { path: 'DownloadStation/info.cgi', minVersion: 1, maxVersion: 2 },
    'SYNO.DownloadStation2.Task': { path: 'entry.cgi', minVersion: 1, maxVersion: 2 },
    'SYNO.FileStation.List': { path: 'entry.cgi', minVersion: 1, maxVersion: 2 },
    'SYNO.DSM.Info': { path: 'entry.cgi', minVersion: 1, maxVersion: 2 },
  },
};

export interface FakeDownloadStationOptions {
  dsm: 6 | 7;
  username: string;
  password: string;
  serial: string;
  /** Shared folders by name, with the real folder (on this machine) each stands for. */
  shares: Record<string, string>;
  defaultDestination: string | null;
  /** The `real_path` FileStation reports per share when it differs from the local folder (`/volume1/…`). */
  nasPaths?: Record<string, string>;
}

class DsmFailure extends Error {
  constructor(readonly code: number) {
    super(`DSM error ${code}`);
  }
}

/**
 * Synology's DSM Web API as Download Station uses it, for DSM 6 (SYNO.DownloadStation.Task) or DSM 7
 * (SYNO.DownloadStation2.Task): SYNO.API.Info says which, SYNO.API.Auth gives a `sid` (error 400 for a wrong
 * password), every other API wants `_sid` (error 119 without a known one). FileStation answers shared folders
 * from real folders on disk, so a completed task's files can be put where Quire will import them.
 */
export class FakeDownloadStation extends FakeHttpServer {
  readonly tasks: FakeDsTask[] = [];
  /** Every API call: api, method, version and all parameters (query and form), files by field. */
  readonly calls: { api: string; method: string; version: number; params: Record<string, string>; files: string[] }[] =
    [];
  readonly sessions = new Set<string>();
  logins = 0;
  /** Makes the next login answer this error code instead (403: a 2-step code is needed, 407: blocked IP …). */
  loginError?: number;
  private nextId = 1;

  constructor(readonly options: FakeDownloadStationOptions) {
    super((request, response) => this.handle(request, response));
  }

  /** DSM forgets every session (a restart, a timeout). */
  expireSessions(): void {
    this.sessions.clear();
  }

  /** Adds a task as if someone had started it on the DiskStation. */
  addTask(task: Partial<FakeDsTask> & Pick<FakeDsTask, 'title'>): FakeDsTask {
    const created: FakeDsTask = {
      id: `dbid_${this.nextId++}`,
      size: 1000,
      type: 'bt',
      status: 'downloading',
      destination: this.options.defaultDestination ?? '',
      uri: task.title,
      sizeDownloaded: 0,
      speedDownload: 0,
      sizeUploaded: 0,
      ...task,
    };
    this.tasks.push(created);
    return created;
  }

  private handle(request: RecordedRequest, response: ServerResponse): void {
    const match = /^\/webapi\/(.+)$/.exec(request.url.pathname);
    if (!match) return send(response, 404, 'Not Found');
    const { fields, files } = request.method === 'POST' ? parseMultipart(request) : { fields: {}, files: [] };
    const params: Record<string, string> = { ...Object.fromEntries(request.url.searchParams), ...fields };
    const api = params.api ?? '';
    const version = Number(params.version);
    this.calls.push({ api, method: params.method ?? '', version, params, files: files.map((file) => file.field) });
    try {
      if (api === 'SYNO.API.Info') return this.ok(response, this.apiInfo(params.query ?? ''));
      const info = APIS[this.options.dsm][api];
      if (!info || info.path !== match[1]) throw new DsmFailure(102);
      if (version < info.minVersion || version > info.maxVersion) throw new DsmFailure(104);
      if (api === 'SYNO.API.Auth') return this.ok(response, this.login(params));
      if (!this.sessions.has(params._sid ?? '')) throw new DsmFailure(119);
      return this.ok(response, this.answer(api, params, files));
    } catch (error) {
      if (error instanceof DsmFailure) return sendJson(response, 200, { success: false, error: { code: error.code } });
      throw error;
    }
  }

  private ok(response: ServerResponse, data: unknown): void {
    sendJson(response, 200, { success: true, data });
  }

  private apiInfo(query: string) {
    const apis = APIS[this.options.dsm];
    const names = query === 'ALL' ? Object.keys(apis) : query.split(',');
    return Object.fromEntries(
      names.filter((name) => apis[name]).map((name) => [name, { ...apis[name], requestFormat: 'JSON' }]),
    );
  }

  private login(params: Record<string, string>) {
    if (params.method !== 'login') throw new DsmFailure(103);
    if (this.loginError) throw new DsmFailure(this.loginError);
    if (params.account !== this.options.username || params.passwd !== this.options.password) throw new DsmFailure(400);
    const sid = `sid-${++this.logins}-${Math.random().toString(36).slice(2, 10)}`;
    this.sessions.add(sid);
    return params.format === 'sid' ? { sid } : { sid, did: 'device' };
  }

  private answer(
    api: string,
    params: Record<string, string>,
    files: { field: string; filename: string; data: Buffer }[],
  ) {
    switch (`${api} ${params.method}`) {
      case 'SYNO.DSM.Info getinfo':
        return { model: 'DS918+', serial: this.options.serial, version: this.options.dsm === 7 ? '7.2' : '6.2' };
      case 'SYNO.DownloadStation.Info getConfig':
        return {
          default_destination: this.options.defaultDestination,
          emule_enabled: false,
          unzip_service_enabled: false,
        };
      case 'SYNO.FileStation.List getinfo':
        return { files: (JSON.parse(params.path ?? '[]') as string[]).map((path) => this.fileInfo(path)) };
      case 'SYNO.DownloadStation.Task list':
        return {
          offset: 0,
          total: this.tasks.length,
          tasks: this.tasks.map((task) => this.wireTaskV1(task, params.additional ?? '')),
        };
      case 'SYNO.DownloadStation2.Task list':
        return {
          offset: 0,
          total: this.tasks.length,
          task: this.tasks.map((task) => this.wireTaskV2(task, params.additional ?? '')),
        };
      case 'SYNO.DownloadStation.Task create':
        return this.create(
          params.uri,
          files.find((file) => file.field === 'file'),
          params.destination,
        );
      case 'SYNO.DownloadStation2.Task create': {
        const destination = params.destination === undefined ? undefined : this.jsonString(params.destination, true);
        if (params.type === 'url') return this.create(params.url, undefined, destination);
        if (this.jsonString(params.type) !== 'file') throw new DsmFailure(101);
        const [field] = JSON.parse(params.file ?? '[]') as string[];
        return this.create(
          undefined,
          files.find((file) => file.field === field),
          destination,
        );
      }
      case 'SYNO.DownloadStation.Task delete':
      case 'SYNO.DownloadStation2.Task delete': {
        const ids = (params.id ?? '').split(',');
        const failed = ids.filter((id) => !this.tasks.some((task) => task.id === id));
        for (const id of ids) {
          const index = this.tasks.findIndex((task) => task.id === id);
          if (index >= 0) this.tasks.splice(index, 1);
        }
        if (failed.length === ids.length) throw new DsmFailure(404);
        return ids.map((id) => ({ id, error: failed.includes(id) ? 404 : 0 }));
      }
      default:
        throw new DsmFailure(103);
    }
  }

  /** DownloadStation2 reads its form values as JSON: a string is sent quoted. */
  private jsonString(value: string, lenient = false): string {
    try {
      return JSON.parse(value) as string;
    } catch {
      if (lenient) return value;
      throw new DsmFailure(101);
    }
  }

  private realPath(path: string): { share: string; real?: string } {
    const [share, ...rest] = path.replace(/^\/+/, '').split('/');
    const root = this.options.shares[share];
    return { share, real: root === undefined ? undefined : [root, ...rest].join('/') };
  }

  /** An unknown shared folder comes back with an error code and no `additional`; a path in a share with its real path. */
  private fileInfo(path: string) {
    const { share, real } = this.realPath(path);
    const name = path.split('/').pop() ?? '';
    if (real === undefined) return { code: 408, name, path };
    const isdir = existsSync(real) && statSync(real).isDirectory();
    const nasRoot = this.options.nasPaths?.[share];
    const reported = nasRoot ? `${nasRoot}${real.slice(this.options.shares[share].length)}` : real;
    return { isdir, name: name || share, path, additional: { real_path: reported } };
  }

  private create(uri: string | undefined, file: { filename: string; data: Buffer } | undefined, destination?: string) {
    const target = destination ?? this.options.defaultDestination;
    if (!target) throw new DsmFailure(406);
    if (this.realPath(target).real === undefined) throw new DsmFailure(403);
    if (!uri && !file) throw new DsmFailure(101);
    const isNzb = file?.filename.toLowerCase().endsWith('.nzb') ?? false;
    const title = file ? file.filename.replace(/\.(torrent|nzb)$/i, '') : (/[?&]dn=([^&]+)/.exec(uri!)?.[1] ?? uri!);
    const task = this.addTask({
      title: decodeURIComponent(title),
      type: isNzb ? 'nzb' : uri && !uri.startsWith('magnet:') ? 'http' : 'bt',
      status: 'waiting',
      destination: target,
      // What Download Station records as the task's uri: the link, an NZB's file name, a torrent's without .torrent.
      uri: file ? (isNzb ? file.filename : file.filename.replace(/\.torrent$/i, '')) : uri!,
      file: file?.data,
    });
    return this.options.dsm === 7 ? { list_id: [], task_id: [task.id] } : {};
  }

  private detail(task: FakeDsTask) {
    return { destination: task.destination, uri: task.uri, create_time: 1700000000, priority: 'auto' };
  }

  private transfer(task: FakeDsTask) {
    return {
      size_downloaded: task.sizeDownloaded,
      size_uploaded: task.sizeUploaded,
      speed_download: task.speedDownload,
      speed_upload: 0,
    };
  }

  private wireTaskV1(task: FakeDsTask, additional: string) {
    const wanted = additional.split(',');
    return {
      id: task.id,
      title: task.title,
      size: task.size,
      type: task.type,
      username: this.options.username,
      status: task.status,
      ...(task.statusExtra ? { status_extra: task.statusExtra } : {}),
      additional: {
        ...(wanted.includes('detail') ? { detail: this.detail(task) } : {}),
        ...(wanted.includes('transfer') ? { transfer: this.transfer(task) } : {}),
      },
    };
  }

  private wireTaskV2(task: FakeDsTask, additional: string) {
    const wanted = additional.replace(/[[\]"]/g, '').split(',');
    return {
      id: task.id,
      title: task.title,
      size: task.size,
      type: task.type,
      username: this.options.username,
      status: STATES.indexOf(task.status),
      additional: {
        ...(wanted.includes('detail') ? { detail: this.detail(task) } : {}),
        ...(wanted.includes('transfer') ? { transfer: this.transfer(task) } : {}),
      },
    };
  }
}
