import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, RealDaemon } from './daemon';

/** A torrent as `torrent-get` lists it (the fields the tests read). */
export interface TrTorrent {
  hashString: string;
  name: string;
  status: number;
  percentDone: number;
  downloadDir: string;
  seedRatioMode: number;
  seedRatioLimit: number;
  seedIdleMode: number;
  seedIdleLimit: number;
  queuePosition: number;
  bandwidthPriority: number;
}

/**
 * Debian's `transmission-daemon` in the foreground on free loopback ports, with a throw-away config dir: RPC on
 * 127.0.0.1 with a known username and password, whitelist 127.0.0.1, no DHT, LPD, PeX, µTP or port forwarding,
 * peers only on the loopback address, downloads in `downloadDir`.
 */
export class TransmissionDaemon extends RealDaemon {
  readonly username = 'quire';
  readonly password = 'daemon-secret';
  readonly downloadDir: string;
  port = 0;
  private session = '';

  constructor() {
    super('transmission');
    this.downloadDir = join(this.root, 'downloads');
  }

  protected async configure(): Promise<void> {
    this.port = await freePort();
    const peerPort = await freePort();
    mkdirSync(this.downloadDir, { recursive: true });
    mkdirSync(join(this.root, 'config'), { recursive: true });
    const settings = {
      'rpc-enabled': true,
      'rpc-port': this.port,
      'rpc-bind-address': '127.0.0.1',
      'rpc-whitelist-enabled': true,
      'rpc-whitelist': '127.0.0.1',
      'rpc-host-whitelist-enabled': false,
      'rpc-authentication-required': true,
      'rpc-username': this.username,
      'rpc-password': this.password,
      'dht-enabled': false,
      'lpd-enabled': false,
      'pex-enabled': false,
      'utp-enabled': false,
      'port-forwarding-enabled': false,
      'peer-port': peerPort,
      'peer-port-random-on-start': false,
      'bind-address-ipv4': '127.0.0.1',
      'bind-address-ipv6': '::1',
      'download-dir': this.downloadDir,
      'incomplete-dir-enabled': false,
      'download-queue-enabled': false,
      'seed-queue-enabled': false,
      'start-added-torrents': true,
      'message-level': 1,
    };
    writeFileSync(join(this.root, 'config', 'settings.json'), JSON.stringify(settings, null, 2));
  }

  protected command() {
    return { file: 'transmission-daemon', args: ['--foreground', '--config-dir', join(this.root, 'config')] };
  }

  protected async ready(): Promise<boolean> {
    const response = await fetch(`http://127.0.0.1:${this.port}/transmission/rpc`, { method: 'POST' });
    return response.status === 409 || response.status === 401;
  }

  /** One RPC call as the test itself (to look at what Quire did), with the session-id dance. */
  async rpc<T>(method: string, args: Record<string, unknown> = {}): Promise<T> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await fetch(`http://127.0.0.1:${this.port}/transmission/rpc`, {
        method: 'POST',
        headers: {
          'X-Transmission-Session-Id': this.session,
          Authorization: `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`,
        },
        body: JSON.stringify({ method, arguments: args }),
      });
      if (response.status === 409) {
        this.session = response.headers.get('x-transmission-session-id') ?? '';
        continue;
      }
      const body = (await response.json()) as { result: string; arguments: T };
      if (body.result !== 'success') throw new Error(`Transmission: ${body.result}`);
      return body.arguments;
    }
    throw new Error('Transmission kept answering 409');
  }

  async torrents(): Promise<TrTorrent[]> {
    const fields = [
      'hashString',
      'name',
      'status',
      'percentDone',
      'downloadDir',
      'seedRatioMode',
      'seedRatioLimit',
      'seedIdleMode',
      'seedIdleLimit',
      'queuePosition',
      'bandwidthPriority',
    ];
    return (await this.rpc<{ torrents: TrTorrent[] }>('torrent-get', { fields })).torrents;
  }

  async torrent(hash: string): Promise<TrTorrent | undefined> {
    return (await this.torrents()).find((torrent) => torrent.hashString.toUpperCase() === hash.toUpperCase());
  }
}
