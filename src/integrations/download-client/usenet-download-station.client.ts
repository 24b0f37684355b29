import { Injectable } from '@nestjs/common';
import { ProviderMeta } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { RemotePathMappingService } from '../remote-path-mapping/remote-path-mapping.service';
import { DownloadClient, DownloadClientItem, DownloadClientProviderBase, ReleaseToDownload } from './download-client';
import { DiskStationCache } from './download-station/disk-station-connection';
import { DownloadStationClient } from './download-station/download-station-client';
import { DownloadStationTask } from './download-station/download-station-tasks';
import { DownloadStationSettings } from './download-station.settings';
import { cleanFileName, fetchNzb } from './torrent-file';

/**
 * Download Station's NZB tasks. NZBs download one after the other, so (as Readarr) a task's time left is what is
 * still to come of it and of every task listed before it, at the speed of all downloading tasks together.
 */
class UsenetDownloadStationClient extends DownloadStationClient {
  readonly protocol = 'usenet' as const;
  protected readonly taskType = 'nzb';
  protected readonly label = 'Usenet Download Station';
  protected readonly listName = 'NZBs';

  protected toItem(
    task: DownloadStationTask,
    serial: string,
    runningRemaining: number,
    speed: number,
  ): DownloadClientItem {
    const status = this.statusOf(task);
    return {
      downloadClientId: this.downloadClientId,
      downloadClient: this.name,
      downloadId: this.downloadIdOf(task.id, serial),
      title: task.title,
      category: this.settings.musicCategory ?? undefined,
      totalSize: task.size,
      remainingSize: this.remainingSize(task),
      remainingTime: status !== 'paused' && speed > 0 ? Math.floor(runningRemaining / speed) : undefined,
      status,
      message: this.messageOf(task),
      canMoveFiles: true,
      canBeRemoved: true,
    };
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const nzb = await fetchNzb(release.downloadUrl);
    const filename = `${cleanFileName(release.title)}.nzb`;
    return this.added((api, directory) => api.addFile(nzb, filename, directory), filename, 'NZB');
  }
}

@Injectable()
export class UsenetDownloadStationProvider extends DownloadClientProviderBase<DownloadStationSettings> {
  readonly meta: ProviderMeta<DownloadStationSettings> = {
    implementation: 'UsenetDownloadStation',
    implementationName: 'Download Station',
    configContract: 'DownloadStationSettings',
    settings: DownloadStationSettings,
    protocol: 'usenet',
  };

  private readonly cache = new DiskStationCache();

  constructor(private readonly remotePaths: RemotePathMappingService) {
    super();
  }

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: DownloadStationSettings): DownloadClient {
    return new UsenetDownloadStationClient(definition, settings, { cache: this.cache, remotePaths: this.remotePaths });
  }
}
