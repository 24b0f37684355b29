import { randomUUID } from 'node:crypto';
import { FakeHttpServer, send, sendJson } from './fake-http';

export interface FakeTransmissionTorrent {
  id: number;
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
  isFinished: boolean;
}

/**
 * Transmission RPC: Basic auth first (401), then 409 + X-Transmission-Session-Id until the client sends the id;
 * `rotateSession()` changes the id like a restart does. `torrent-get` returns only the requested fields.
 */
export class FakeTransmission extends FakeHttpServer {
  sessionId = randomUUID();
  readonly torrents: FakeTransmissionTorrent[] = [];
  conflicts = 0;
  private nextId = 1;

  constructor(
    private readonly credentials?: { username: string; password: string },
    private readonly hashOfMetainfo: (data: Buffer) => string | undefined = () => undefined,
  ) {
    super((request, response) => {
      if (request.url.pathname !== '/transmission/rpc') return send(response, 404, 'Not Found');
      if (this.credentials) {
        const expected = `Basic ${Buffer.from(`${this.credentials.username}:${this.credentials.password}`).toString('base64')}`;
        if (request.headers.authorization !== expected)
          return send(response, 401, '<h1>401: Unauthorized</h1>', 'text/html');
      }
      if (request.headers['x-transmission-session-id'] !== this.sessionId) {
        this.conflicts++;
        response.setHeader('X-Transmission-Session-Id', this.sessionId);
        return send(response, 409, '<h1>409: Conflict</h1>', 'text/html');
      }
      const { method, arguments: args = {} } = JSON.parse(request.body.toString()) as {
        method: string;
        arguments?: Record<string, unknown>;
      };
      switch (method) {
        case 'session-get':
          return sendJson(response, 200, {
            result: 'success',
            arguments: { version: '4.0.5', 'rpc-version': 17, 'download-dir': '/downloads' },
          });
        case 'torrent-add': {
          const hash =
            typeof args.metainfo === 'string'
              ? this.hashOfMetainfo(Buffer.from(args.metainfo, 'base64'))
              : /btih:([0-9a-f]+)/i.exec(String(args.filename))?.[1];
          if (!hash) return sendJson(response, 200, { result: 'invalid or corrupt torrent file' });
          const existing = this.torrents.find((t) => t.hashString === hash.toLowerCase());
          if (existing)
            return sendJson(response, 200, {
              result: 'success',
              arguments: {
                'torrent-duplicate': { hashString: existing.hashString, id: existing.id, name: existing.name },
              },
            });
          const torrent: FakeTransmissionTorrent = {
            id: this.nextId++,
            hashString: hash.toLowerCase(),
            name: `torrent-${hash.slice(0, 6).toLowerCase()}`,
            downloadDir: typeof args['download-dir'] === 'string' ? args['download-dir'] : '/downloads',
            totalSize: 4096,
            leftUntilDone: 4096,
            status: args.paused ? 0 : 4,
            eta: 120,
            error: 0,
            errorString: '',
            percentDone: 0,
            isFinished: false,
          };
          this.torrents.push(torrent);
          return sendJson(response, 200, {
            result: 'success',
            arguments: { 'torrent-added': { hashString: torrent.hashString, id: torrent.id, name: torrent.name } },
          });
        }
        case 'torrent-get': {
          const fields = args.fields as (keyof FakeTransmissionTorrent)[] | undefined;
          if (!fields?.length) return sendJson(response, 200, { result: 'no fields specified' });
          const torrents = this.torrents.map((t) => Object.fromEntries(fields.map((field) => [field, t[field]])));
          return sendJson(response, 200, { result: 'success', arguments: { torrents } });
        }
        case 'torrent-remove': {
          const ids = args.ids as string[];
          for (let i = this.torrents.length - 1; i >= 0; i--)
            if (ids.includes(this.torrents[i].hashString)) this.torrents.splice(i, 1);
          return sendJson(response, 200, { result: 'success', arguments: {} });
        }
        default:
          return sendJson(response, 200, { result: 'method name not recognized' });
      }
    });
  }

  rotateSession(): void {
    this.sessionId = randomUUID();
  }
}
