import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  decodeMethodResponse,
  encodeMethodCall,
  asText,
  type XmlRpcValue,
} from '../../src/integrations/download-client/rtorrent/xmlrpc';
import { freePort, RealDaemon } from './daemon';
import { parseScgiResponse, ScgiHttpBridge, scgiRequest } from './scgi-http-bridge';

/** A download as the tests read it from rTorrent itself. */
export interface RtDownload {
  hash: string;
  name: string;
  label: string;
  basePath: string;
  directory: string;
  completedBytes: number;
  sizeBytes: number;
  isActive: boolean;
  state: number;
  priority: number;
  views: string[];
  seedRatio: string;
  seedTime: string;
}

/**
 * Debian's `rtorrent` without a terminal (`system.daemon.set`), from a throw-away `.rtorrent.rc`: session and
 * downloads in its temporary directory, XML-RPC on an SCGI port on 127.0.0.1, no DHT, PeX or UDP trackers, peers
 * only on the loopback address. rTorrent speaks SCGI alone, so an HTTP front with Basic auth (`ScgiHttpBridge`, what
 * nginx or ruTorrent are in a real setup) gives Quire the `http://host:port/RPC2` it talks to; `port` is that front's.
 */
export class RTorrentDaemon extends RealDaemon {
  readonly username = 'quire';
  readonly password = 'daemon-secret';
  readonly downloadDir: string;
  scgiPort = 0;
  private bridge?: ScgiHttpBridge;

  constructor() {
    super('rtorrent');
    this.downloadDir = join(this.root, 'downloads');
  }

  /** The HTTP front's port, where Quire connects. */
  get port(): number {
    return this.bridge?.port ?? 0;
  }

  protected async configure(): Promise<void> {
    this.scgiPort = await freePort();
    const peerPort = await freePort();
    mkdirSync(this.downloadDir, { recursive: true });
    mkdirSync(join(this.root, 'session'), { recursive: true });
    const rc = [
      `session.path.set = ${join(this.root, 'session')}`,
      `directory.default.set = ${this.downloadDir}`,
      `network.scgi.open_port = 127.0.0.1:${this.scgiPort}`,
      'dht.mode.set = disable',
      'protocol.pex.set = no',
      'trackers.use_udp.set = no',
      `network.port_range.set = ${peerPort}-${peerPort}`,
      'network.port_random.set = no',
      'network.bind_address.set = 127.0.0.1',
      'network.local_address.set = 127.0.0.1',
    ];
    writeFileSync(join(this.root, '.rtorrent.rc'), `${rc.join('\n')}\n`);
  }

  protected command() {
    return {
      file: 'rtorrent',
      args: ['-n', '-o', 'system.daemon.set=true', '-o', `import=${join(this.root, '.rtorrent.rc')}`],
    };
  }

  protected async ready(): Promise<boolean> {
    return typeof (await this.call('system.client_version')) === 'string';
  }

  async start(timeoutMs?: number): Promise<this> {
    await super.start(timeoutMs);
    this.bridge = new ScgiHttpBridge(this.scgiPort, { username: this.username, password: this.password });
    await this.bridge.start();
    return this;
  }

  async stop(): Promise<void> {
    await this.bridge?.stop();
    this.bridge = undefined;
    await super.stop();
  }

  /** One XML-RPC call straight to the SCGI port, as the test itself (to look at what Quire did). */
  async call(method: string, ...params: XmlRpcValue[]): Promise<XmlRpcValue> {
    const raw = await scgiRequest(this.scgiPort, Buffer.from(encodeMethodCall(method, params)));
    return decodeMethodResponse(parseScgiResponse(raw).body.toString('utf8'));
  }

  async downloads(): Promise<RtDownload[]> {
    const rows = (await this.call(
      'd.multicall2',
      '',
      '',
      'd.hash=',
      'd.name=',
      'd.custom1=',
      'd.base_path=',
      'd.directory=',
      'd.completed_bytes=',
      'd.size_bytes=',
      'd.is_active=',
      'd.state=',
      'd.priority=',
      'd.views=',
      'd.custom=quire_seed_ratio',
      'd.custom=quire_seed_time',
    )) as XmlRpcValue[][];
    return rows.map((row) => {
      const [hash, name, label, basePath, directory, completed, size, active, state, priority, views, ratio, time] =
        row;
      return {
        hash: asText(hash).toUpperCase(),
        name: asText(name),
        label: asText(label),
        basePath: asText(basePath),
        directory: asText(directory),
        completedBytes: Number(completed),
        sizeBytes: Number(size),
        isActive: Number(active) === 1,
        state: Number(state),
        priority: Number(priority),
        views: (views as XmlRpcValue[]).map(asText),
        seedRatio: asText(ratio),
        seedTime: asText(time),
      };
    });
  }

  async download(hash: string): Promise<RtDownload | undefined> {
    return (await this.downloads()).find((download) => download.hash === hash.toUpperCase());
  }
}
