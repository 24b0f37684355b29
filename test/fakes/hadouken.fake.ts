import { FakeHttpServer, send, sendJson } from './fake-http';

export interface FakeHadoukenTorrent {
  hash: string;
  /** Hadouken's state bits: 1 downloading, 2 checking, 32 paused, 64 queued for checking. */
  state: number;
  name: string;
  size: number;
  /** Per mille. */
  progress: number;
  downloaded: number;
  rate: number;
  label: string;
  error: string;
  savePath: string;
}

function row(torrent: FakeHadoukenTorrent): (string | number)[] {
  const columns: (string | number)[] = new Array<string | number>(27).fill(0);
  columns[0] = torrent.hash.toLowerCase();
  columns[1] = torrent.state;
  columns[2] = torrent.name;
  columns[3] = torrent.size;
  columns[4] = torrent.progress;
  columns[5] = torrent.downloaded;
  columns[9] = torrent.rate;
  columns[11] = torrent.label;
  columns[21] = torrent.error;
  columns[26] = torrent.savePath;
  return columns;
}

/**
 * Hadouken 5's JSON-RPC at `/api`: basic auth on every call (401 without it), `core.getSystemInfo`, `webui.list`
 * (uTorrent-style rows), `webui.addTorrent` ("file" with base64 data or "url"; the info hash back) and
 * `webui.perform` ("remove", "removedata"). An unknown method answers JSON-RPC error -32601.
 */
export class FakeHadouken extends FakeHttpServer {
  readonly torrents: FakeHadoukenTorrent[] = [];
  readonly removedWithData: string[] = [];
  version = '5.2.1';

  constructor(
    readonly username: string,
    readonly password: string,
    readonly downloadDir: string,
    hashOf: (data: Buffer) => string | undefined,
  ) {
    super((request, response) => {
      const expected = `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return send(response, 401, 'Unauthorized');
      if (request.url.pathname !== '/api' || request.method !== 'POST') return send(response, 404, 'Not Found');
      const call = JSON.parse(request.body.toString()) as { id: number; method: string; params?: unknown[] };
      const answer = (result: unknown) => sendJson(response, 200, { jsonrpc: '2.0', id: call.id, result });
      const params = call.params ?? [];
      switch (call.method) {
        case 'core.getSystemInfo':
          return answer({ commitish: 'fake', branch: 'master', versions: { hadouken: this.version } });
        case 'webui.list':
          return answer({ label: [], torrents: this.torrents.map(row), torrentc: '1' });
        case 'webui.addTorrent': {
          const [kind, source, options] = params as [string, string, { label?: string }];
          const hash =
            kind === 'file'
              ? hashOf(Buffer.from(source, 'base64'))
              : /btih:([0-9a-f]{40})/i.exec(source)?.[1]?.toUpperCase();
          if (!hash)
            return sendJson(response, 200, {
              jsonrpc: '2.0',
              id: call.id,
              error: { code: -32602, message: 'Invalid torrent' },
            });
          this.torrents.push({
            hash,
            state: 1,
            name: kind === 'file' ? 'torrent' : 'magnet',
            size: 1024,
            progress: 0,
            downloaded: 0,
            rate: 16,
            label: options?.label ?? '',
            error: '',
            savePath: this.downloadDir,
          });
          return answer(hash.toLowerCase());
        }
        case 'webui.perform': {
          const [action, hashes] = params as [string, string[]];
          for (const hash of hashes ?? []) {
            const index = this.torrents.findIndex((torrent) => torrent.hash === hash.toUpperCase());
            if (index < 0) continue;
            this.torrents.splice(index, 1);
            if (action === 'removedata') this.removedWithData.push(hash.toUpperCase());
          }
          return answer(true);
        }
        default:
          return sendJson(response, 200, {
            jsonrpc: '2.0',
            id: call.id,
            error: { code: -32601, message: 'Method not found' },
          });
      }
    });
  }
}
