import { ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, RealDaemon, sleep, until } from './daemon';

/** A torrent as `core.get_torrents_status` lists it (the fields the tests read). */
export interface DelugeTorrent {
  hash: string;
  name: string;
  state: string;
  /** 0..100. */
  progress: number;
  is_finished: boolean;
  save_path: string;
  label: string;
  stop_at_ratio: boolean;
  stop_ratio: number;
  queue: number;
}

const KEYS = [
  'hash',
  'name',
  'state',
  'progress',
  'is_finished',
  'save_path',
  'label',
  'stop_at_ratio',
  'stop_ratio',
  'queue',
];

/** A Deluge config file: a version object followed by the settings object. */
function writeConfig(path: string, settings: object, fileVersion = 1): void {
  writeFileSync(path, JSON.stringify({ file: fileVersion, format: 1 }) + JSON.stringify(settings, null, 2));
}

/**
 * Debian's `deluged` and `deluge-web`, both children of this harness and sharing one throw-away config dir: the
 * daemon with its RPC port and BitTorrent port on 127.0.0.1, no DHT, UPnP, NAT-PMP, LSD or µTP/PeX, the Label
 * plugin on, downloads in `downloadDir`, queue limits out of the way (the queue order is still kept); deluge-web on
 * 127.0.0.1 with a known password and that daemon, on 127.0.0.1, as the only host of its host list, not connected
 * (Quire connects it as Readarr does). Both run with logging off: Deluge 2.0.3's logger breaks on Python 3.11.
 */
export class DelugeDaemon extends RealDaemon {
  readonly password = 'daemon-secret';
  readonly downloadDir: string;
  readonly configDir: string;
  /** deluge-web's port: the one Quire talks to. */
  port = 0;
  daemonPort = 0;
  readonly hostId = randomBytes(16).toString('hex');
  /** The daemon account deluge-web logs in with (its host list entry). */
  readonly account = randomBytes(12).toString('hex');
  private web?: ChildProcess;
  private readonly extraWebs: ChildProcess[] = [];
  private webOutput = '';
  private cookie = '';

  constructor() {
    super('deluge');
    this.downloadDir = join(this.root, 'downloads');
    this.configDir = join(this.root, 'config');
  }

  protected async configure(): Promise<void> {
    this.port = await freePort();
    this.daemonPort = await freePort();
    const peerPort = await freePort();
    mkdirSync(this.downloadDir, { recursive: true });
    mkdirSync(this.configDir, { recursive: true });
    writeConfig(join(this.configDir, 'core.conf'), {
      daemon_port: this.daemonPort,
      allow_remote: false,
      download_location: this.downloadDir,
      move_completed_path: this.downloadDir,
      torrentfiles_location: this.downloadDir,
      listen_ports: [peerPort, peerPort],
      random_port: false,
      listen_interface: '127.0.0.1',
      outgoing_interface: '127.0.0.1',
      dht: false,
      upnp: false,
      natpmp: false,
      utpex: false,
      lsd: false,
      new_release_check: false,
      send_info: false,
      enabled_plugins: ['Label'],
      max_active_downloading: 100,
      max_active_seeding: 100,
      max_active_limit: 200,
    });
    const salt = randomBytes(20).toString('hex');
    writeConfig(join(this.configDir, 'web.conf'), {
      port: this.port,
      interface: '127.0.0.1',
      https: false,
      pwd_salt: salt,
      pwd_sha1: createHash('sha1').update(salt).update(this.password).digest('hex'),
      first_login: false,
      default_daemon: '',
      enabled_plugins: [],
    });
    // The daemon's only account; deluge-web needs a localclient line to start even with a host list of its own.
    writeFileSync(join(this.configDir, 'auth'), `localclient:${this.account}:10\n`);
    writeConfig(
      join(this.configDir, 'hostlist.conf'),
      { hosts: [[this.hostId, '127.0.0.1', this.daemonPort, 'localclient', this.account]] },
      3,
    );
  }

  protected command() {
    return {
      file: 'deluged',
      args: ['-c', this.configDir, '-d', '-q', '-p', String(this.daemonPort), '-u', '127.0.0.1', '-i', '127.0.0.1'],
    };
  }

  /** The daemon's RPC port accepts connections, then deluge-web (started here, once) answers its JSON-RPC. */
  protected async ready(): Promise<boolean> {
    const { createConnection } = await import('node:net');
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port: this.daemonPort }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (!open) return false;
    if (!this.web) this.startWeb();
    if (this.web?.exitCode !== null && this.web?.exitCode !== undefined)
      throw new Error(`deluge-web exited:\n${this.webOutput}`);
    const response = await fetch(`http://127.0.0.1:${this.port}/json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'auth.check_session', params: [], id: 1 }),
    });
    return response.ok;
  }

  private startWeb(): void {
    this.web = this.spawnWeb(this.port, ['--no-ssl']);
  }

  private spawnWeb(port: number, extra: string[]): ChildProcess {
    const web = spawn(
      'deluge-web',
      ['-c', this.configDir, '-d', '-q', '-p', String(port), '-i', '127.0.0.1', ...extra],
      {
        cwd: this.root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, HOME: this.root },
      },
    );
    const keep = (chunk: Buffer) => {
      this.webOutput = (this.webOutput + chunk.toString()).slice(-4000);
    };
    web.stdout?.on('data', keep);
    web.stderr?.on('data', keep);
    return web;
  }

  /** A second deluge-web on the same config serving HTTPS with the daemon's self-signed certificate; its port. */
  async startHttpsWeb(): Promise<number> {
    const port = await freePort();
    this.extraWebs.push(this.spawnWeb(port, ['--ssl']));
    const { connect } = await import('node:tls');
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
            socket.end();
            resolve(true);
          });
          socket.on('error', () => resolve(false));
        }),
      'deluge-web over HTTPS',
    );
    return port;
  }

  async stop(): Promise<void> {
    const webs = [this.web, ...this.extraWebs.splice(0)];
    this.web = undefined;
    for (const web of webs) {
      if (!web || web.exitCode !== null || web.signalCode !== null) continue;
      const gone = new Promise<void>((resolve) => web.once('exit', () => resolve()));
      web.kill('SIGTERM');
      const timer = setTimeout(() => web.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    }
    await super.stop();
  }

  /** One JSON-RPC call as the test itself, logged in and connected to the daemon on first use. */
  async rpc<T>(method: string, ...params: unknown[]): Promise<T> {
    if (!this.cookie) await this.login();
    let body = await this.post<T>(method, params);
    // Unknown method: deluge-web lost its daemon (a test disconnected it); connect it again once.
    if (body.error?.code === 2) {
      await this.login();
      body = await this.post<T>(method, params);
    }
    if (body.error) throw new Error(`Deluge ${method}: ${body.error.message}`);
    return body.result;
  }

  private async post<T>(method: string, params: unknown[]) {
    const response = await fetch(`http://127.0.0.1:${this.port}/json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: this.cookie },
      body: JSON.stringify({ method, params, id: 1 }),
    });
    const cookie = /_session_id=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
    if (cookie) this.cookie = cookie;
    return (await response.json()) as { result: T; error: { message: string; code: number } | null };
  }

  private async login(): Promise<void> {
    if (!(await this.post<boolean>('auth.login', [this.password])).result) throw new Error('Deluge login failed');
    if (!(await this.post<boolean>('web.connected', [])).result) await this.post('web.connect', [this.hostId]);
    for (let attempt = 0; attempt < 50 && !(await this.post<boolean>('web.connected', [])).result; attempt++)
      await sleep(100);
  }

  async torrents(): Promise<DelugeTorrent[]> {
    return Object.values(
      (await this.rpc<Record<string, DelugeTorrent> | null>('core.get_torrents_status', {}, KEYS)) ?? {},
    );
  }

  async torrent(hash: string): Promise<DelugeTorrent | undefined> {
    return (await this.torrents()).find((torrent) => torrent.hash.toUpperCase() === hash.toUpperCase());
  }
}
