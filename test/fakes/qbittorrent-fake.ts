import { randomUUID } from 'node:crypto';
import { FakeHttpServer, RecordedRequest, send, sendJson } from './fake-http';

export interface FakeTorrent {
  hash: string;
  name: string;
  category: string;
  size: number;
  amount_left: number;
  eta: number;
  state: string;
  save_path: string;
  content_path: string;
  ratio?: number;
  ratio_limit?: number;
  seeding_time_limit?: number;
  seeding_time?: number;
}

/** Parses multipart/form-data into text fields and files (enough for torrents/add). */
export function parseMultipart(request: RecordedRequest): {
  fields: Record<string, string>;
  files: { field: string; filename: string; data: Buffer }[];
} {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(request.headers['content-type']));
  const fields: Record<string, string> = {};
  const files: { field: string; filename: string; data: Buffer }[] = [];
  if (!boundary) return { fields, files };
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = request.body.indexOf(delimiter);
  while (start >= 0) {
    const next = request.body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = request.body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString();
    const content = part.subarray(headerEnd + 4);
    const name = /name="([^"]*)"/.exec(headers)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(headers)?.[1];
    if (filename !== undefined) files.push({ field: name, filename, data: content });
    else fields[name] = content.toString();
    start = next;
  }
  return { fields, files };
}

/** qBittorrent Web API v2: login sets `SID`, bad credentials answer `Fails.`, calls without the cookie answer 403. */
export class FakeQBittorrent extends FakeHttpServer {
  readonly torrents: FakeTorrent[] = [];
  readonly categories = new Set<string>();
  readonly sessions = new Set<string>();
  /**
   * `app/preferences` (the share-limit part). The global ratio limit of 0 is on, so a paused finished torrent has
   * reached its seed goal (what a real qBittorrent pausing it at its limit means); tests raise it to keep one seeding.
   */
  readonly preferences = {
    dht: true,
    max_ratio_enabled: true,
    max_ratio: 0,
    max_seeding_time_enabled: false,
    max_seeding_time: -1,
  };
  /** Every `torrents/delete` received, in order: which torrent, and whether its files were to go too. */
  readonly deleted: { hash: string; deleteFiles: boolean }[] = [];
  logins = 0;

  constructor(
    private readonly username: string,
    private readonly password: string,
    private readonly hashOf: (data: Buffer) => string | undefined = () => undefined,
  ) {
    super((request, response) => {
      const path = request.url.pathname;
      if (path === '/api/v2/auth/login') {
        if (request.method !== 'POST') return send(response, 405, '');
        const form = new URLSearchParams(request.body.toString());
        this.logins++;
        if (form.get('username') !== this.username || form.get('password') !== this.password)
          return send(response, 200, 'Fails.');
        const sid = randomUUID();
        this.sessions.add(sid);
        response.setHeader('Set-Cookie', `SID=${sid}; HttpOnly; path=/; SameSite=Strict`);
        return send(response, 200, 'Ok.');
      }
      const sid = /SID=([^;]+)/.exec(String(request.headers.cookie ?? ''))?.[1];
      if (!sid || !this.sessions.has(sid)) return send(response, 403, 'Forbidden');
      switch (path) {
        case '/api/v2/app/webapiVersion':
          return send(response, 200, '2.11.2');
        case '/api/v2/app/version':
          return send(response, 200, 'v5.0.0');
        case '/api/v2/app/preferences':
          return sendJson(response, 200, this.preferences);
        case '/api/v2/torrents/categories':
          return sendJson(
            response,
            200,
            Object.fromEntries([...this.categories].map((name) => [name, { name, savePath: '' }])),
          );
        case '/api/v2/torrents/info': {
          const category = request.url.searchParams.get('category');
          return sendJson(
            response,
            200,
            this.torrents
              .filter((t) => category === null || t.category === category)
              .map((t) => ({ ratio: 0, ratio_limit: -2, seeding_time_limit: -2, seeding_time: 0, ...t })),
          );
        }
        case '/api/v2/torrents/add': {
          if (request.method !== 'POST') return send(response, 405, '');
          const { fields, files } = parseMultipart(request);
          const hashes = files.filter((f) => f.field === 'torrents').map((f) => this.hashOf(f.data) ?? '');
          for (const url of (fields.urls ?? '').split('\n').filter(Boolean))
            hashes.push(/btih:([0-9a-f]+)/i.exec(url)?.[1]?.toUpperCase() ?? '');
          if (
            hashes.length === 0 ||
            hashes.some((hash) => !hash || this.torrents.some((t) => t.hash.toUpperCase() === hash))
          )
            return send(response, 200, 'Fails.');
          const category = fields.category ?? '';
          if (category) this.categories.add(category);
          for (const hash of hashes)
            this.torrents.push({
              hash: hash.toLowerCase(),
              name: `torrent-${hash.slice(0, 6)}`,
              category,
              size: 1024,
              amount_left: 1024,
              eta: 60,
              state: fields.stopped === 'true' ? 'stoppedDL' : 'downloading',
              save_path: '/downloads/',
              content_path: `/downloads/torrent-${hash.slice(0, 6)}`,
            });
          return send(response, 200, 'Ok.');
        }
        case '/api/v2/torrents/createCategory': {
          const category = new URLSearchParams(request.body.toString()).get('category') ?? '';
          if (!category || this.categories.has(category)) return send(response, 409, 'Category name is invalid');
          this.categories.add(category);
          return send(response, 200, '');
        }
        case '/api/v2/torrents/setCategory': {
          // Like qBittorrent: an unknown category answers 409 (the client creates it first).
          const form = new URLSearchParams(request.body.toString());
          const category = form.get('category') ?? '';
          if (category && !this.categories.has(category)) return send(response, 409, 'Category does not exist');
          const hashes = (form.get('hashes') ?? '').split('|');
          for (const torrent of this.torrents) if (hashes.includes(torrent.hash)) torrent.category = category;
          return send(response, 200, '');
        }
        case '/api/v2/torrents/delete': {
          const form = new URLSearchParams(request.body.toString());
          const hashes = (form.get('hashes') ?? '').split('|');
          for (const hash of hashes) this.deleted.push({ hash, deleteFiles: form.get('deleteFiles') === 'true' });
          for (let i = this.torrents.length - 1; i >= 0; i--)
            if (hashes.includes(this.torrents[i].hash)) this.torrents.splice(i, 1);
          return send(response, 200, '');
        }
        default:
          return send(response, 404, 'Not Found');
      }
    });
  }
}
