import { createHash, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { FakeHttpServer, RecordedRequest, send, sendJson } from './fake-http';
import { parseMultipart } from './qbittorrent-fake';
import { TlsFront } from './tls-front.fake';

export interface FakeVortexJob {
  id: number;
  addUUID: string;
  uiTitle: string;
  groupName: string;
  destinationPath: string;
  isPaused: boolean;
  state: number;
  totalDownloadSize: number;
  downloadedSize: number;
  priority: number;
  nzb: string;
  /** File names `file/{id}` lists. */
  files: string[];
}

/**
 * NZBVortex 3's API under `/<urlBase>/api` (HTTPS, through a TLS front): `auth/nonce` gives a nonce; `auth/login`
 * accepts `hash` = base64(SHA-256 of `nonce:cnonce:apiKey`) once per nonce and answers a `sessionID`; other calls
 * without a known `sessionid` answer `{"result":"notLoggedIn"}`.
 */
export class FakeNzbVortex extends FakeHttpServer {
  readonly jobs: FakeVortexJob[] = [];
  groups = ['Readarr', 'Movies'];
  apiLevel = '2.4';
  readonly sessions = new Set<string>();
  private readonly nonces = new Set<string>();
  logins = 0;
  /** Every `nzb/{id}/cancel` or `cancelDelete`, in order. */
  readonly cancelled: { id: number; deleteData: boolean }[] = [];
  private nextId = 1;
  private front?: TlsFront;

  constructor(
    private readonly apiKey: string,
    private readonly urlBase = '',
  ) {
    super((request, response) => this.handle(request, response));
  }

  /** The HTTPS port Quire talks to. */
  get tlsPort(): number {
    return this.front!.port;
  }

  override async start(): Promise<this> {
    await super.start();
    this.front = await new TlsFront('127.0.0.1', this.port).start();
    return this;
  }

  override async stop(): Promise<void> {
    await this.front?.stop();
    await super.stop();
  }

  expireSessions(): void {
    this.sessions.clear();
  }

  private handle(request: RecordedRequest, response: ServerResponse): void {
    const prefix = `${this.urlBase ? `/${this.urlBase}` : ''}/api/`;
    if (!request.url.pathname.startsWith(prefix)) return send(response, 404, '<html>Not Found</html>', 'text/html');
    const resource = request.url.pathname.slice(prefix.length);
    const query = request.url.searchParams;
    if (resource === 'app/appversion') return sendJson(response, 200, { result: 'ok', version: '3.4.0' });
    if (resource === 'app/apilevel') return sendJson(response, 200, { result: 'ok', apilevel: this.apiLevel });
    if (resource === 'auth/nonce') {
      const nonce = randomUUID();
      this.nonces.add(nonce);
      return sendJson(response, 200, { authNonce: nonce });
    }
    if (resource === 'auth/login') {
      const nonce = query.get('nonce') ?? '';
      const expected = createHash('sha256')
        .update(`${nonce}:${query.get('cnonce')}:${this.apiKey}`)
        .digest('base64');
      const valid = this.nonces.delete(nonce) && query.get('hash') === expected;
      if (!valid) return sendJson(response, 200, { result: 'ok', loginResult: 'failed' });
      const session = `session-${++this.logins}`;
      this.sessions.add(session);
      return sendJson(response, 200, { result: 'ok', loginResult: 'successful', sessionID: session });
    }
    if (!this.sessions.has(query.get('sessionid') ?? '')) return sendJson(response, 200, { result: 'notLoggedIn' });
    return this.authenticated(resource, request, response);
  }

  private authenticated(resource: string, request: RecordedRequest, response: ServerResponse): void {
    const query = request.url.searchParams;
    if (resource === 'group')
      return sendJson(response, 200, { result: 'ok', groups: this.groups.map((groupName) => ({ groupName })) });
    if (resource === 'nzb/add' && request.method === 'POST') {
      const file = parseMultipart(request).files.find((part) => part.field === 'name');
      if (!file || !file.data.toString().includes('<nzb')) return sendJson(response, 200, { result: 'ok' });
      const job: FakeVortexJob = {
        id: this.nextId++,
        addUUID: randomUUID(),
        uiTitle: file.filename.replace(/\.nzb$/i, ''),
        groupName: query.get('groupname') ?? '',
        destinationPath: `/Users/vortex/Downloads/${file.filename.replace(/\.nzb$/i, '')}`,
        isPaused: false,
        state: 0,
        totalDownloadSize: 4096,
        downloadedSize: 0,
        priority: Number(query.get('priority') ?? 0),
        nzb: file.data.toString(),
        files: [],
      };
      this.jobs.push(job);
      return sendJson(response, 200, { result: 'ok', add_uuid: job.addUUID });
    }
    if (resource === 'nzb') {
      const group = query.get('groupName');
      const nzbs = this.jobs
        .filter((job) => !group || job.groupName === group)
        .map(({ nzb: _nzb, files: _files, priority: _priority, ...job }) => ({
          ...job,
          nzbFilename: `${job.uiTitle}.nzb`,
        }));
      return sendJson(response, 200, { result: 'ok', nzbs });
    }
    const cancel = /^nzb\/(\d+)\/(cancel|cancelDelete)$/.exec(resource);
    if (cancel) {
      const index = this.jobs.findIndex((job) => job.id === Number(cancel[1]));
      if (index < 0) return sendJson(response, 200, { result: 'ok' });
      this.jobs.splice(index, 1);
      this.cancelled.push({ id: Number(cancel[1]), deleteData: cancel[2] === 'cancelDelete' });
      return sendJson(response, 200, { result: 'ok' });
    }
    const files = /^file\/(\d+)$/.exec(resource);
    if (files) {
      const job = this.jobs.find((candidate) => candidate.id === Number(files[1]));
      return sendJson(response, 200, {
        result: 'ok',
        files: (job?.files ?? []).map((fileName, id) => ({ id, fileName, state: 20 })),
      });
    }
    return sendJson(response, 200, { result: 'unknownCommand' });
  }
}
