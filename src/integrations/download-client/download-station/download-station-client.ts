import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import { ValidationFailure } from '../../../platform/common/errors/domain-errors';
import { providerFailure } from '../../core/provider';
import { ProviderDefinition } from '../../core/provider-definition.entity';
import { RemotePathMappingService } from '../../remote-path-mapping/remote-path-mapping.service';
import { DownloadClient, DownloadClientItem, DownloadItemStatus, ReleaseToDownload } from '../download-client';
import { DownloadStationSettings } from '../download-station.settings';
import { DiskStationCache, DiskStationConnection } from './disk-station-connection';
import { DiskStationAuthenticationError, DiskStationError } from './disk-station-errors';
import { DownloadStationTask, DownloadStationTaskApi, taskApiFor } from './download-station-tasks';

const MINUTE = 60_000;

interface FileInfo {
  isdir?: boolean;
  path?: string;
  additional?: { real_path?: string };
}

/** What a DiskStation-backed client needs besides its settings. */
export interface DownloadStationContext {
  cache: DiskStationCache;
  remotePaths: RemotePathMappingService;
}

/**
 * What the torrent and the usenet Download Station share (Readarr's two clients are one design): tasks of one type,
 * ids made of the hashed DiskStation serial and the task id, destinations as shared-folder paths that FileStation
 * turns into the real path on the volume.
 */
export abstract class DownloadStationClient implements DownloadClient {
  abstract readonly protocol: 'torrent' | 'usenet';
  /** `bt` or `nzb`. */
  protected abstract readonly taskType: string;
  /** "Torrent Download Station" or "Usenet Download Station", in test messages. */
  protected abstract readonly label: string;
  /** "torrents" or "NZBs". */
  protected abstract readonly listName: string;
  abstract download(release: ReleaseToDownload): Promise<string>;
  protected abstract toItem(
    task: DownloadStationTask,
    serial: string,
    runningRemaining: number,
    speed: number,
  ): DownloadClientItem;

  readonly downloadClientId: number;
  readonly name: string;
  protected readonly dsm: DiskStationConnection;
  private readonly logger = new Logger('DownloadStation');

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    protected readonly settings: DownloadStationSettings,
    private readonly context: DownloadStationContext,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
    this.dsm = new DiskStationConnection(settings, context.cache);
  }

  protected taskApi(): Promise<DownloadStationTaskApi> {
    return taskApiFor(this.dsm);
  }

  /** The tasks of this client's type; like Readarr, an error answer of the task API reads as no tasks. */
  protected async tasks(): Promise<DownloadStationTask[]> {
    try {
      return (await (await this.taskApi()).list()).filter((task) => task.type === this.taskType);
    } catch (error) {
      if (!(error instanceof DiskStationError)) throw error;
      this.logger.warn(error.message);
      return [];
    }
  }

  /** The DiskStation's serial, SHA-1 hashed (upper-case hex) so the id never shows it; cached five minutes. */
  protected async serial(): Promise<string> {
    const key = this.settings.host;
    const cached = this.context.cache.get(this.context.cache.serials, key);
    if (cached) return cached;
    const info = await this.dsm.apiInfo('SYNO.DSM.Info');
    if (!info) throw new Error(`Info of SYNO.DSM.Info not found on ${this.settings.host}:${this.settings.port}`);
    const data = await this.dsm.call<{ serial: string }>(
      'SYNO.DSM.Info',
      'getinfo',
      info.minVersion,
      'get serial number',
    );
    const hashed = createHash('sha1').update(data.serial).digest('hex').toUpperCase();
    return this.context.cache.set(this.context.cache.serials, key, hashed, 5 * MINUTE);
  }

  protected downloadIdOf(taskId: string, serial: string): string {
    return `${serial}:${taskId}`;
  }

  protected async defaultDirectory(): Promise<string | undefined> {
    const config = await this.dsm.call<{ default_destination?: string | null }>(
      'SYNO.DownloadStation.Info',
      'getConfig',
      1,
      'get config',
    );
    return config.default_destination ?? undefined;
  }

  /** Directory when set, else the default location with the category as a sub-folder. */
  protected async downloadDirectory(): Promise<string | undefined> {
    if (this.settings.tvDirectory?.trim()) return this.settings.tvDirectory.replace(/^\/+/, '');
    const destination = (await this.defaultDirectory()) ?? '';
    if (this.settings.musicCategory?.trim()) return `${destination.replace(/\/+$/, '')}/${this.settings.musicCategory}`;
    return destination.replace(/\/+$/, '');
  }

  private fileInfo(path: string): Promise<{ files?: FileInfo[] }> {
    return this.dsm.call('SYNO.FileStation.List', 'getinfo', 2, `get info of ${path}`, {
      path: JSON.stringify([path]),
      additional: '["real_path"]',
    });
  }

  /** `/share/sub/dir` → the share's real path (cached an hour per DiskStation and share) + `/sub/dir`. */
  protected async fullPath(sharedFolderPath: string, serial: string): Promise<string> {
    const second = sharedFolderPath.indexOf('/', 1);
    const share = second < 0 ? sharedFolderPath : sharedFolderPath.slice(0, second);
    const key = `${serial}:${share}`;
    let real = this.context.cache.get(this.context.cache.sharedFolders, key);
    if (!real) {
      const info = (await this.fileInfo(share)).files?.[0];
      if (!info?.additional?.real_path) throw new Error(`Shared folder ${share} not found on the Diskstation`);
      real = this.context.cache.set(this.context.cache.sharedFolders, key, info.additional.real_path, 60 * MINUTE);
    }
    return `${real.replace(/\/+$/, '')}${sharedFolderPath.slice(share.length)}`;
  }

  /** Where a finished task's files are on the DiskStation (remote path mappings apply to it as to other clients). */
  protected async outputPathOf(destination: string, task: DownloadStationTask, serial: string): Promise<string> {
    const remote = await this.fullPath(destination, serial);
    return `${remote.replace(/\/+$/, '')}/${task.title}`;
  }

  /** Whether a task belongs to this client: under Directory when set, else with the category among its folders. */
  protected belongs(destination: string): boolean {
    if (this.settings.tvDirectory?.trim()) {
      const root = `/${this.settings.tvDirectory.replace(/^\/+/, '').replace(/\/+$/, '')}`;
      return destination === root || destination.startsWith(`${root}/`);
    }
    if (this.settings.musicCategory?.trim()) return destination.split(/[\\/]/).includes(this.settings.musicCategory);
    return true;
  }

  protected remainingSize(task: DownloadStationTask): number {
    const downloaded = Number.parseInt(task.transfer.size_downloaded ?? '', 10);
    return task.size - Math.max(0, Number.isFinite(downloaded) ? downloaded : 0);
  }

  protected speed(task: DownloadStationTask): number {
    const speed = Number.parseInt(task.transfer.speed_download ?? '', 10);
    return Number.isFinite(speed) ? Math.max(0, speed) : 0;
  }

  /** Readarr's reading of the task states. */
  protected statusOf(task: DownloadStationTask): DownloadItemStatus {
    switch (task.status) {
      case 'unknown':
      case 'waiting':
      case 'filehosting_waiting':
        return task.size === 0 || this.remainingSize(task) > 0 ? 'queued' : 'completed';
      case 'paused':
        return 'paused';
      case 'finished':
      case 'seeding':
        return 'completed';
      case 'error':
        return 'failed';
      case 'downloading':
      case 'finishing':
      case 'hash_checking':
      case 'extracting':
      case 'captcha_needed':
        return 'downloading';
    }
  }

  protected messageOf(task: DownloadStationTask): string | undefined {
    if (task.status === 'extracting' && task.statusExtra?.unzip_progress !== undefined)
      return `Extracting: ${Number.parseInt(task.statusExtra.unzip_progress, 10)}%`;
    if (task.status === 'error') return task.statusExtra?.error_detail;
    return undefined;
  }

  async getItems(): Promise<DownloadClientItem[]> {
    const tasks = await this.tasks();
    const serial = await this.serial();
    const speed = tasks
      .filter((task) => task.status === 'downloading')
      .reduce((sum, task) => sum + this.speed(task), 0);
    const items: DownloadClientItem[] = [];
    let runningRemaining = 0;
    for (const task of tasks) {
      const destination = `/${task.detail.destination ?? ''}`;
      if (task.status !== 'paused') runningRemaining += this.remainingSize(task);
      if (!this.belongs(destination)) continue;
      const item = this.toItem(task, serial, runningRemaining, speed);
      if (item.status === 'completed' || item.status === 'failed')
        item.outputPath = await this.outputPathOf(destination, task, serial);
      items.push(item);
    }
    return items;
  }

  /** Adds the task, then finds it by the `uri` Download Station records for it. */
  protected async added(
    add: (api: DownloadStationTaskApi, directory?: string) => Promise<void>,
    uri: string,
    kind: string,
  ) {
    const serial = await this.serial();
    await add(await this.taskApi(), await this.downloadDirectory());
    const matches = (await this.tasks()).filter((task) => task.detail.uri === uri);
    if (matches.length !== 1) throw new Error(`Failed to add ${kind} task to Download Station`);
    return this.downloadIdOf(matches[0].id, serial);
  }

  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    if (deleteData) {
      const item = (await this.getItems()).find((candidate) => candidate.downloadId === downloadId);
      // As Readarr, the data is deleted from here, through the remote path mapping of the DiskStation's folders.
      if (item?.outputPath)
        await rm(await this.context.remotePaths.remoteToLocal(this.settings.host, item.outputPath), {
          recursive: true,
          force: true,
        });
    }
    await (await this.taskApi()).remove(downloadId.split(':')[1] ?? downloadId);
  }

  async test(): Promise<ValidationFailure[]> {
    const connection = await this.testConnection();
    if (connection) return [connection];
    const output = await this.testOutputPath();
    if (output) return [output];
    try {
      await this.getItems();
      return [];
    } catch (error) {
      return [providerFailure('', `Failed to get the list of ${this.listName}: ${(error as Error).message}`)];
    }
  }

  private async testConnection(): Promise<ValidationFailure | undefined> {
    try {
      const info = await (await this.taskApi()).info();
      if (info && (info.minVersion > 2 || info.maxVersion < 2))
        return providerFailure(
          '',
          `Download Station API version not supported, should be at least 2. It supports from ${info.minVersion} to ${info.maxVersion}`,
        );
      // Readarr only meets a wrong password in the next step, as an unknown exception; logging in here puts it
      // on Username, with Readarr's authentication message.
      await this.dsm.login();
      return undefined;
    } catch (error) {
      if (error instanceof DiskStationAuthenticationError)
        return providerFailure('username', 'Authentication failure', {
          detailedDescription: `Please verify your username and password. Also verify if the host running Quire isn't blocked from accessing Download Station by WhiteList limitations in the Download Station configuration. (${error.message})`,
        });
      return providerFailure('host', `Unable to connect to ${this.label}`, {
        detailedDescription: (error as Error).message,
      });
    }
  }

  private async testOutputPath(): Promise<ValidationFailure | undefined> {
    try {
      if (!(await this.defaultDirectory()))
        return providerFailure('tvDirectory', 'No default destination', {
          detailedDescription: `You must login into your Diskstation as ${this.settings.username ?? ''} and manually set it up into DownloadStation settings under BT/HTTP/FTP/NZB -> Location.`,
        });
      const directory = await this.downloadDirectory();
      if (!directory) return undefined;
      const sharedFolder = directory.split(/[\\/]/)[0];
      const field = this.settings.tvDirectory?.trim() ? 'tvDirectory' : 'musicCategory';
      const info = (await this.fileInfo(`/${directory}`)).files?.[0];
      if (!info?.additional)
        return providerFailure(field, 'Shared folder does not exist', {
          detailedDescription: `The Diskstation does not have a Shared Folder with the name '${sharedFolder}', are you sure you specified it correctly?`,
        });
      if (!info.isdir)
        return providerFailure(field, 'Folder does not exist', {
          detailedDescription: `The folder '${directory}' does not exist, it must be created manually inside the Shared Folder '${sharedFolder}'.`,
        });
      return undefined;
    } catch (error) {
      if (error instanceof DiskStationAuthenticationError) return providerFailure('', error.message);
      return providerFailure('', `Unknown exception: ${(error as Error).message}`);
    }
  }
}
