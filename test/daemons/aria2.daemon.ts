import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, RealDaemon } from './daemon';

/** A download as aria2's JSON-RPC tell* methods list it (the fields the tests read). */
export interface Aria2Download {
  gid: string;
  status: string;
  infoHash?: string;
  totalLength: string;
  completedLength: string;
  files: { path: string }[];
}

/**
 * Debian's `aria2c` as an RPC daemon on free loopback ports, in a throw-away directory: RPC only on 127.0.0.1 with a
 * secret token, no DHT, LPD or PeX, every download checked against the data already there (a whole one is seeded
 * without a peer), seeding without a ratio goal (a test gives a torrent a reached goal by hand), up to 100 downloads
 * at once so none waits in aria2's queue. The test side reads it over JSON-RPC; Quire uses XML-RPC, as Readarr.
 */
export class Aria2Daemon extends RealDaemon {
  readonly secret = 'daemon-secret';
  readonly downloadDir: string;
  port = 0;
  private peerPort = 0;

  constructor() {
    super('aria2');
    this.downloadDir = join(this.root, 'downloads');
  }

  protected async configure(): Promise<void> {
    this.port = await freePort();
    this.peerPort = await freePort();
    mkdirSync(this.downloadDir, { recursive: true });
  }

  protected command() {
    return {
      file: 'aria2c',
      args: [
        '--enable-rpc',
        `--rpc-listen-port=${this.port}`,
        `--rpc-secret=${this.secret}`,
        '--rpc-listen-all=false',
        '--rpc-save-upload-metadata=false',
        `--dir=${this.downloadDir}`,
        '--enable-dht=false',
        '--enable-dht6=false',
        '--bt-enable-lpd=false',
        '--enable-peer-exchange=false',
        `--listen-port=${this.peerPort}`,
        '--seed-ratio=0.0',
        '--check-integrity=true',
        '--bt-seed-unverified=false',
        '--max-concurrent-downloads=100',
        '--auto-save-interval=0',
        '--quiet=true',
      ],
    };
  }

  protected async ready(): Promise<boolean> {
    await this.rpc('aria2.getVersion');
    return true;
  }

  async rpc<T>(method: string, ...params: unknown[]): Promise<T> {
    const response = await fetch(`http://127.0.0.1:${this.port}/jsonrpc`, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [`token:${this.secret}`, ...params] }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`aria2: ${body.error.message}`);
    return body.result as T;
  }

  async downloads(): Promise<Aria2Download[]> {
    const active = await this.rpc<Aria2Download[]>('aria2.tellActive');
    const waiting = await this.rpc<Aria2Download[]>('aria2.tellWaiting', 0, 1000);
    const stopped = await this.rpc<Aria2Download[]>('aria2.tellStopped', 0, 1000);
    return [...active, ...waiting, ...stopped];
  }

  async download(hash: string): Promise<Aria2Download | undefined> {
    return (await this.downloads()).find((download) => download.infoHash?.toUpperCase() === hash.toUpperCase());
  }
}
