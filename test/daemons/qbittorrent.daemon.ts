import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, RealDaemon } from './daemon';

/** qBittorrent's stored WebUI password: PBKDF2-HMAC-SHA512, 100 000 rounds, 16-byte salt, 64-byte key. */
export function qbittorrentPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = pbkdf2Sync(password, salt, 100_000, 64, 'sha512');
  return `@ByteArray(${salt.toString('base64')}:${key.toString('base64')})`;
}

/** A torrent as `GET /api/v2/torrents/info` lists it (the fields the tests read). */
export interface QbtTorrent {
  hash: string;
  name: string;
  category: string;
  state: string;
  progress: number;
  save_path: string;
  content_path: string;
  ratio_limit: number;
  seeding_time_limit: number;
  priority: number;
}

/**
 * Debian's `qbittorrent-nox` on free loopback ports, with a throw-away profile: WebUI on 127.0.0.1 with a known
 * username and password (checked for localhost too), no DHT, PeX, LSD or UPnP, the BitTorrent port bound to the
 * loopback interface, downloads in `downloadDir`.
 */
export class QBittorrentDaemon extends RealDaemon {
  readonly username = 'quire';
  readonly password = 'daemon-secret';
  readonly downloadDir: string;
  port = 0;
  private sid?: string;

  constructor() {
    super('qbittorrent');
    this.downloadDir = join(this.root, 'downloads');
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  protected async configure(): Promise<void> {
    this.port = await freePort();
    const peerPort = await freePort();
    mkdirSync(this.downloadDir, { recursive: true });
    const configDir = join(this.root, 'profile', 'qBittorrent', 'config');
    mkdirSync(configDir, { recursive: true });
    const ini = [
      '[LegalNotice]',
      'Accepted=true',
      '',
      '[BitTorrent]',
      `Session\\Port=${peerPort}`,
      'Session\\Interface=lo',
      'Session\\InterfaceName=lo',
      'Session\\InterfaceAddress=127.0.0.1',
      'Session\\DHTEnabled=false',
      'Session\\PeXEnabled=false',
      'Session\\LSDEnabled=false',
      'Session\\AnonymousModeEnabled=true',
      'Session\\QueueingSystemEnabled=false',
      `Session\\DefaultSavePath=${this.downloadDir}`,
      'Session\\TempPathEnabled=false',
      'Session\\AddTorrentPaused=false',
      '',
      '[Network]',
      'PortForwardingEnabled=false',
      '',
      '[Preferences]',
      'Connection\\UPnP=false',
      `Connection\\PortRangeMin=${peerPort}`,
      'Bittorrent\\DHT=false',
      'Bittorrent\\PeX=false',
      'Bittorrent\\LSD=false',
      `Downloads\\SavePath=${this.downloadDir}`,
      'General\\Locale=en',
      'WebUI\\Enabled=true',
      'WebUI\\Address=127.0.0.1',
      `WebUI\\Port=${this.port}`,
      'WebUI\\UPnP=false',
      `WebUI\\Username=${this.username}`,
      `WebUI\\Password_PBKDF2="${qbittorrentPasswordHash(this.password)}"`,
      'WebUI\\LocalHostAuth=true',
      'WebUI\\HostHeaderValidation=false',
      'WebUI\\CSRFProtection=false',
      // Wrong-password tests must not get the test address banned.
      'WebUI\\MaxAuthenticationFailCount=1000',
      '',
    ].join('\n');
    writeFileSync(join(configDir, 'qBittorrent.conf'), ini);
  }

  protected command() {
    return { file: 'qbittorrent-nox', args: [`--profile=${join(this.root, 'profile')}`, `--webui-port=${this.port}`] };
  }

  protected async ready(): Promise<boolean> {
    const response = await fetch(`${this.url}/api/v2/app/version`);
    return response.status === 200 || response.status === 403;
  }

  /** A call to the WebUI API as the test itself (to look at what Quire did), logged in once. */
  async api(path: string, form?: Record<string, string>): Promise<string> {
    if (!this.sid) {
      const login = await fetch(`${this.url}/api/v2/auth/login`, {
        method: 'POST',
        body: new URLSearchParams({ username: this.username, password: this.password }),
      });
      this.sid = /SID=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
      if (!this.sid) throw new Error(`qBittorrent login failed: ${await login.text()}`);
    }
    const response = await fetch(`${this.url}/api/v2/${path}`, {
      method: form ? 'POST' : 'GET',
      headers: { Cookie: `SID=${this.sid}` },
      body: form ? new URLSearchParams(form) : undefined,
    });
    if (!response.ok) throw new Error(`qBittorrent answered ${response.status} to ${path}`);
    return response.text();
  }

  async torrents(): Promise<QbtTorrent[]> {
    return JSON.parse(await this.api('torrents/info')) as QbtTorrent[];
  }

  async torrent(hash: string): Promise<QbtTorrent | undefined> {
    return (await this.torrents()).find((torrent) => torrent.hash.toUpperCase() === hash.toUpperCase());
  }
}
