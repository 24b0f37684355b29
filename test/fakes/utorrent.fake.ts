import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { FakeHttpServer, RecordedRequest, send, sendJson } from './fake-http';
import { parseMultipart } from './qbittorrent-fake';

export interface FakeUTorrentTorrent {
  hash: string;
  /** uTorrent's status bits: 1 started, 8 checked, 32 paused, 64 queued, 128 loaded. */
  status: number;
  name: string;
  size: number;
  /** Per mille. */
  progress: number;
  eta: number;
  label: string;
  remaining: number;
  savePath: string;
  seedRatio?: number;
  seedTime?: number;
}

/** A list row in uTorrent's positional order (only the columns a client reads carry values). */
function row(torrent: FakeUTorrentTorrent): (string | number)[] {
  const columns: (string | number)[] = new Array<string | number>(27).fill(0);
  columns[0] = torrent.hash;
  columns[1] = torrent.status;
  columns[2] = torrent.name;
  columns[3] = torrent.size;
  columns[4] = torrent.progress;
  columns[10] = torrent.eta;
  columns[11] = torrent.label;
  columns[18] = torrent.remaining;
  columns[19] = '';
  columns[20] = '';
  columns[21] = '';
  columns[26] = torrent.savePath;
  return columns;
}

/**
 * uTorrent 3's WebUI API: basic auth on every path (401 otherwise), `/gui/token.html` hands out a token and a GUID
 * cookie, and `/gui/` answers 400 "invalid request" without both. `list=1` gives a cache id (`torrentc`); with it
 * (`cid`) only the changed rows (`torrentp`) and removed hashes (`torrentm`) come back.
 */
export class FakeUTorrent extends FakeHttpServer {
  readonly torrents: FakeUTorrentTorrent[] = [];
  /** Hashes removed with their data (`removedata`). */
  readonly removedWithData: string[] = [];
  /** Every start, forcestart, pause, stop and queuetop received, in order, with its torrent's hash. */
  readonly actions: { action: string; hash: string }[] = [];
  build = 30470;
  private readonly tokens = new Map<string, string>();
  private readonly snapshots = new Map<string, Map<string, string>>();

  constructor(
    readonly username: string,
    readonly password: string,
    readonly downloadDir: string,
    hashOf: (data: Buffer) => string | undefined,
  ) {
    super((request, response) => this.handle(request, response, hashOf));
  }

  /** Forgets every token, as a restarted uTorrent does. */
  expireTokens(): void {
    this.tokens.clear();
  }

  private handle(request: RecordedRequest, response: ServerResponse, hashOf: (data: Buffer) => string | undefined) {
    const expected = `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      response.setHeader('WWW-Authenticate', 'Basic realm="uTorrent"');
      return send(response, 401, 'invalid request');
    }
    if (request.url.pathname === '/gui/token.html') {
      const token = randomBytes(16).toString('hex');
      const guid = randomBytes(10).toString('hex');
      this.tokens.set(token, guid);
      response.setHeader('Set-Cookie', `GUID=${guid}; path=/`);
      return send(response, 200, `<html><div id='token' style='display:none;'>${token}</div></html>`, 'text/html');
    }
    if (request.url.pathname !== '/gui/') return send(response, 404, 'not found');
    const query = request.url.searchParams;
    const guid = this.tokens.get(query.get('token') ?? '');
    if (!guid || !String(request.headers.cookie ?? '').includes(`GUID=${guid}`))
      return send(response, 400, 'invalid request');

    if (query.get('list') === '1') return sendJson(response, 200, this.list(query.get('cid')));
    const action = query.get('action');
    const hash = (query.get('hash') ?? '').toUpperCase();
    const torrent = this.torrents.find((candidate) => candidate.hash === hash);
    if (action && ['start', 'forcestart', 'pause', 'stop', 'queuetop'].includes(action))
      this.actions.push({ action, hash });
    switch (action ?? '') {
      case 'getsettings':
        return sendJson(response, 200, { build: this.build, settings: [['dir_active_download_flag', 1, 'false']] });
      case 'add-file': {
        const file = parseMultipart(request).files.find((part) => part.field === 'torrent_file');
        const added = file && hashOf(file.data);
        if (!added) return sendJson(response, 200, { build: this.build, error: "Can't add torrent: invalid file" });
        this.add(added, file.filename.replace(/\.torrent$/, ''));
        return sendJson(response, 200, { build: this.build });
      }
      case 'add-url': {
        const magnet = /btih:([0-9a-f]{40})/i.exec(query.get('s') ?? '')?.[1];
        if (magnet) this.add(magnet.toUpperCase(), decodeURIComponent(/dn=([^&]+)/.exec(query.get('s')!)?.[1] ?? ''));
        return sendJson(response, 200, { build: this.build });
      }
      case 'setprops': {
        const names = query.getAll('s');
        const values = query.getAll('v');
        names.forEach((name, index) => {
          if (!torrent) return;
          if (name === 'label') torrent.label = values[index];
          if (name === 'seed_ratio') torrent.seedRatio = Number(values[index]);
          if (name === 'seed_time') torrent.seedTime = Number(values[index]);
        });
        return sendJson(response, 200, { build: this.build });
      }
      case 'start':
      case 'forcestart':
        if (torrent) torrent.status = (torrent.status & ~32) | 1 | (action === 'start' ? 64 : 0);
        return sendJson(response, 200, { build: this.build });
      case 'pause':
        if (torrent) torrent.status |= 32;
        return sendJson(response, 200, { build: this.build });
      case 'stop':
        if (torrent) torrent.status &= ~(1 | 32 | 64);
        return sendJson(response, 200, { build: this.build });
      case 'queuetop':
        return sendJson(response, 200, { build: this.build });
      case 'remove':
      case 'removedata':
        if (torrent) {
          this.torrents.splice(this.torrents.indexOf(torrent), 1);
          if (action === 'removedata') this.removedWithData.push(hash);
        }
        return sendJson(response, 200, { build: this.build });
      default:
        return send(response, 400, 'invalid request');
    }
  }

  private add(hash: string, name: string): void {
    if (this.torrents.some((torrent) => torrent.hash === hash)) return;
    this.torrents.push({
      hash,
      status: 128 | 8,
      name,
      size: 1024,
      progress: 0,
      eta: 60,
      label: '',
      remaining: 1024,
      savePath: this.downloadDir,
    });
  }

  private list(cid: string | null) {
    const current = new Map(this.torrents.map((torrent) => [torrent.hash, JSON.stringify(row(torrent))]));
    const torrentc = String(this.snapshots.size + 1);
    const previous = cid ? this.snapshots.get(cid) : undefined;
    this.snapshots.set(torrentc, current);
    if (!previous) return { build: this.build, label: [], torrents: this.torrents.map(row), torrentc };
    return {
      build: this.build,
      label: [],
      torrentp: this.torrents.filter((torrent) => previous.get(torrent.hash) !== current.get(torrent.hash)).map(row),
      torrentm: [...previous.keys()].filter((hash) => !current.has(hash)),
      torrentc,
    };
  }
}
