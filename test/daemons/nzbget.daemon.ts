import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, RealDaemon } from './daemon';

/** A group of `listgroups` (the fields the tests read). */
export interface NzbgetGroup {
  NZBID: number;
  NZBName: string;
  Category: string;
  Status: string;
  MaxPriority: number;
  FileSizeLo: number;
  RemainingSizeLo: number;
  Parameters: { Name: string; Value: string }[];
}

/** An entry of `history`. */
export interface NzbgetHistory {
  NZBID: number;
  Name: string;
  Category: string;
  Status: string;
  DestDir: string;
  FinalDir: string;
  Parameters: { Name: string; Value: string }[];
}

/**
 * Debian's `nzbget -s` (server mode in the foreground) with a throw-away nzbget.conf: every folder under the temp
 * dir, JSON-RPC on a free 127.0.0.1 port with a known login, one category (`categories`), and a single news server
 * (`newsPort`, normally the NNTP fake) on 127.0.0.1. No par check, no unpack, no scripts, no update check: a
 * download of plain yEnc files is finished as soon as its articles are.
 */
export class NzbgetDaemon extends RealDaemon {
  readonly username = 'quire';
  readonly password = 'daemon-secret';
  readonly destDir: string;
  port = 0;

  constructor(
    private readonly newsServer: { port: number; user: string; password: string },
    private readonly categories: string[] = ['Readarr'],
    private readonly keepHistory = 7,
  ) {
    super('nzbget');
    this.destDir = join(this.root, 'dst');
  }

  protected async configure(): Promise<void> {
    this.port = await freePort();
    const main = join(this.root, 'main');
    for (const dir of ['main', 'dst', 'inter', 'nzb', 'queue', 'tmp', 'scripts']) mkdirSync(join(this.root, dir));
    const options: Record<string, string | number> = {
      MainDir: main,
      DestDir: this.destDir,
      InterDir: join(this.root, 'inter'),
      NzbDir: join(this.root, 'nzb'),
      QueueDir: join(this.root, 'queue'),
      TempDir: join(this.root, 'tmp'),
      ScriptDir: join(this.root, 'scripts'),
      LockFile: join(main, 'nzbget.lock'),
      LogFile: join(main, 'nzbget.log'),
      WebDir: '',
      ConfigTemplate: '',
      ControlIP: '127.0.0.1',
      ControlPort: this.port,
      ControlUsername: this.username,
      ControlPassword: this.password,
      SecureControl: 'no',
      FormAuth: 'no',
      UpdateCheck: 'none',
      'Server1.Active': 'yes',
      'Server1.Name': 'quire-test',
      'Server1.Level': 0,
      'Server1.Host': '127.0.0.1',
      'Server1.Port': this.newsServer.port,
      'Server1.Username': this.newsServer.user,
      'Server1.Password': this.newsServer.password,
      'Server1.JoinGroup': 'no',
      'Server1.Encryption': 'no',
      'Server1.Connections': 2,
      'Server1.IpVersion': 'ipv4',
      AppendCategoryDir: 'yes',
      NzbDirInterval: 0,
      DupeCheck: 'no',
      FlushQueue: 'yes',
      ContinuePartial: 'no',
      ArticleCache: 0,
      DirectWrite: 'yes',
      DiskSpace: 0,
      KeepHistory: this.keepHistory,
      ArticleRetries: 0,
      ArticleInterval: 1,
      ArticleTimeout: 60,
      UrlRetries: 0,
      CrcCheck: 'yes',
      ParCheck: 'manual',
      ParRename: 'no',
      RarRename: 'no',
      DirectRename: 'no',
      HealthCheck: 'delete',
      Unpack: 'no',
      DirectUnpack: 'no',
      OutputMode: 'loggable',
      WriteLog: 'append',
      ErrorTarget: 'both',
      WarningTarget: 'both',
      InfoTarget: 'log',
      DetailTarget: 'log',
      DebugTarget: 'none',
      CrashTrace: 'no',
      UMask: '022',
    };
    this.categories.forEach((name, index) => {
      options[`Category${index + 1}.Name`] = name;
      options[`Category${index + 1}.Unpack`] = 'no';
    });
    const conf = Object.entries(options).map(([name, value]) => `${name}=${value}`);
    writeFileSync(join(this.root, 'nzbget.conf'), `${conf.join('\n')}\n`);
  }

  protected command() {
    return { file: 'nzbget', args: ['-s', '-c', join(this.root, 'nzbget.conf')] };
  }

  protected async ready(): Promise<boolean> {
    return typeof (await this.rpc<string>('version')) === 'string';
  }

  /** One JSON-RPC call as the test itself, to look at what Quire did. */
  async rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await fetch(`http://127.0.0.1:${this.port}/jsonrpc`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}` },
      body: JSON.stringify({ method, params, id: 1 }),
    });
    const body = (await response.json()) as { result: T; error?: { message: string } };
    if (body.error) throw new Error(`NZBGet: ${body.error.message}`);
    return body.result;
  }

  groups(): Promise<NzbgetGroup[]> {
    return this.rpc<NzbgetGroup[]>('listgroups', [0]);
  }

  history(): Promise<NzbgetHistory[]> {
    return this.rpc<NzbgetHistory[]>('history', [false]);
  }

  /** The queue group or history entry whose `drone` parameter is the given download id. */
  async find(downloadId: string): Promise<{ group?: NzbgetGroup; history?: NzbgetHistory }> {
    const tagged = (entry: { Parameters: { Name: string; Value: string }[] }) =>
      entry.Parameters.some((parameter) => parameter.Name === 'drone' && parameter.Value === downloadId);
    return { group: (await this.groups()).find(tagged), history: (await this.history()).find(tagged) };
  }
}
