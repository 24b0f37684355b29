import { Injectable } from '@nestjs/common';
import { ProviderMeta } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { RemotePathMappingService } from '../remote-path-mapping/remote-path-mapping.service';
import { DownloadClient, DownloadClientItem, DownloadClientProviderBase, ReleaseToDownload } from './download-client';
import { DiskStationCache } from './download-station/disk-station-connection';
import { DownloadStationClient } from './download-station/download-station-client';
import { DownloadStationTask } from './download-station/download-station-tasks';
import { DownloadStationSettings } from './download-station.settings';
import { cleanFileName, fetchTorrent } from './torrent-file';

/** Download Station's BitTorrent tasks; a torrent may go once Download Station has finished seeding it. */
class TorrentDownloadStationClient extends DownloadStationClient {
  readonly protocol = 'torrent' as const;
  protected readonly taskType = 'bt';
  protected readonly label = 'Torrent Download Station';
  protected readonly listName = 'torrents';

  protected toItem(task: DownloadStationTask, serial: string): DownloadClientItem {
    const speed = this.speed(task);
    const remainingSize = this.remainingSize(task);
    const finished = task.status === 'finished';
    return {
      downloadClientId: this.downloadClientId,
      downloadClient: this.name,
      downloadId: this.downloadIdOf(task.id, serial),
      title: task.title,
      category: this.settings.musicCategory ?? undefined,
      totalSize: task.size,
      remainingSize,
      remainingTime: speed > 0 ? Math.floor(remainingSize / speed) : undefined,
      status: this.statusOf(task),
      message: this.messageOf(task),
      canMoveFiles: finished,
      canBeRemoved: finished,
    };
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const torrent = await fetchTorrent(release);
    if (torrent.kind === 'magnet')
      return this.added((api, directory) => api.addUrl(torrent.magnet, directory), torrent.magnet, 'magnet');
    // Download Station records an uploaded torrent by its file name without the extension.
    const title = cleanFileName(release.title);
    return this.added((api, directory) => api.addFile(torrent.data, `${title}.torrent`, directory), title, 'torrent');
  }
}

@Injectable()
export class TorrentDownloadStationProvider extends DownloadClientProviderBase<DownloadStationSettings> {
  readonly meta: ProviderMeta<DownloadStationSettings> = {
    implementation: 'TorrentDownloadStation',
    implementationName: 'Download Station',
    configContract: 'DownloadStationSettings',
    settings: DownloadStationSettings,
    protocol: 'torrent',
  };

  private readonly cache = new DiskStationCache();

  constructor(private readonly remotePaths: RemotePathMappingService) {
    super();
  }

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: DownloadStationSettings): DownloadClient {
    return new TorrentDownloadStationClient(definition, settings, { cache: this.cache, remotePaths: this.remotePaths });
  }
}
