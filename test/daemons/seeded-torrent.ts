import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FakeHttpServer, send } from '../fakes/fake-http';
import { bencode } from '../fakes/torrent-files';

const PIECE = 16 * 1024;

/**
 * A real multi-file .torrent of a folder `name` under `downloadDir`, with true piece hashes of files the caller
 * has already written there: a daemon given it checks the data, finds it whole and reports the torrent complete
 * (100 %) without a single peer. The tracker is a closed loopback port, so nothing leaves the machine.
 */
export function seededTorrent(
  downloadDir: string,
  name: string,
  files: string[],
): { data: Buffer; hash: string; magnet: string } {
  const contents = files.map((file) => readFileSync(join(downloadDir, name, file)));
  const all = Buffer.concat(contents);
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < all.length; offset += PIECE)
    pieces.push(
      createHash('sha1')
        .update(all.subarray(offset, offset + PIECE))
        .digest(),
    );
  const info = {
    files: files.map((file, index) => ({ length: contents[index].length, path: file.split('/') })),
    name,
    'piece length': PIECE,
    pieces: Buffer.concat(pieces),
  };
  const announce = 'http://127.0.0.1:1/announce';
  const data = bencode({ announce, 'creation date': 1700000000, info });
  const hash = createHash('sha1').update(bencode(info)).digest('hex').toUpperCase();
  const magnet = `magnet:?xt=urn:btih:${hash}&dn=${encodeURIComponent(name)}&tr=${encodeURIComponent(announce)}`;
  return { data, hash, magnet };
}

/** Writes `content` at `downloadDir/name/file`, making the folders. */
export function writeDownloadFile(downloadDir: string, name: string, file: string, content: Buffer): void {
  const path = join(downloadDir, name, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** Serves .torrent files over HTTP on 127.0.0.1, as an indexer's download link does, for Quire to fetch at grab. */
export class TorrentFileServer {
  private readonly files = new Map<string, Buffer>();
  private readonly server = new FakeHttpServer((request, response) => {
    const data = this.files.get(request.url.pathname);
    if (data) send(response, 200, data, 'application/x-bittorrent');
    else send(response, 404, '');
  });

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }

  /** Makes the torrent downloadable; answers the URL a release links it by. */
  serve(torrent: { hash: string; data: Buffer }): string {
    this.files.set(`/${torrent.hash}.torrent`, torrent.data);
    return `${this.server.url}/${torrent.hash}.torrent`;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}
