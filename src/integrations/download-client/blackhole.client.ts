import { Injectable } from '@nestjs/common';
import { constants } from 'node:fs';
import { access, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { DownloadClient, DownloadClientItem, DownloadClientProviderBase, ReleaseToDownload } from './download-client';
import { TorrentBlackholeSettings, UsenetBlackholeSettings } from './download-client.settings';
import { cleanFileName, fetchNzb, fetchTorrent } from './torrent-file';
import { WatchFolderScanner } from './watch-folder-scanner';

async function folderFailure(folder: string, property: string): Promise<ValidationFailure | undefined> {
  try {
    if (!(await stat(folder)).isDirectory()) return providerFailure(property, `Folder '${folder}' does not exist`);
    await access(folder, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as { code?: string }).code;
    return providerFailure(
      property,
      code === 'ENOENT' ? `Folder '${folder}' does not exist` : `Unable to write to '${folder}'`,
    );
  }
}

/**
 * Both blackholes: write a file into one folder, report what appears in the watch folder, completed once it has
 * stopped changing (see WatchFolderScanner).
 */
abstract class BlackholeClient implements DownloadClient {
  abstract readonly protocol: 'torrent' | 'usenet';
  readonly downloadClientId: number;
  readonly name: string;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly watchFolder: string,
    private readonly readOnly: boolean,
    private readonly scanner: WatchFolderScanner,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
  }

  abstract test(): Promise<ValidationFailure[]>;
  abstract download(release: ReleaseToDownload): Promise<string>;

  protected downloadIdFor(title: string): string {
    return `${this.name}_${cleanFileName(title)}`;
  }

  async getItems(): Promise<DownloadClientItem[]> {
    return (await this.scanner.scan(this.watchFolder)).map((entry) => ({
      downloadClientId: this.downloadClientId,
      downloadClient: this.name,
      downloadId: this.downloadIdFor(entry.title),
      title: entry.title,
      totalSize: entry.totalSize,
      remainingSize: 0,
      remainingTime: entry.remainingTime,
      status: entry.status,
      outputPath: entry.path,
      canMoveFiles: !this.readOnly,
      canBeRemoved: !this.readOnly,
    }));
  }

  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    if (!deleteData) return;
    const item = (await this.getItems()).find((candidate) => candidate.downloadId === downloadId);
    if (item?.outputPath) await rm(item.outputPath, { recursive: true, force: true });
  }
}

class TorrentBlackholeClient extends BlackholeClient {
  readonly protocol = 'torrent' as const;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: TorrentBlackholeSettings,
    scanner: WatchFolderScanner,
  ) {
    super(definition, settings.watchFolder, settings.readOnly, scanner);
  }

  async test(): Promise<ValidationFailure[]> {
    const failures = [
      await folderFailure(this.settings.torrentFolder, 'torrentFolder'),
      await folderFailure(this.settings.watchFolder, 'watchFolder'),
    ];
    return failures.filter((item): item is ValidationFailure => !!item);
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const title = cleanFileName(release.title);
    const torrent = await fetchTorrent(release);
    if (torrent.kind === 'magnet') {
      if (!this.settings.saveMagnetFiles)
        throw new Error('Magnet links are not supported unless "Save Magnet Files" is on');
      await writeFile(
        join(this.settings.torrentFolder, `${title}${this.settings.magnetFileExtension}`),
        torrent.magnet,
      );
    } else await writeFile(join(this.settings.torrentFolder, `${title}.torrent`), torrent.data);
    return this.downloadIdFor(release.title);
  }
}

class UsenetBlackholeClient extends BlackholeClient {
  readonly protocol = 'usenet' as const;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: UsenetBlackholeSettings,
    scanner: WatchFolderScanner,
  ) {
    super(definition, settings.watchFolder, false, scanner);
  }

  async test(): Promise<ValidationFailure[]> {
    const failures = [
      await folderFailure(this.settings.nzbFolder, 'nzbFolder'),
      await folderFailure(this.settings.watchFolder, 'watchFolder'),
    ];
    return failures.filter((item): item is ValidationFailure => !!item);
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const nzb = await fetchNzb(release.downloadUrl);
    await writeFile(join(this.settings.nzbFolder, `${cleanFileName(release.title)}.nzb`), nzb);
    return this.downloadIdFor(release.title);
  }
}

@Injectable()
export class TorrentBlackholeProvider extends DownloadClientProviderBase<TorrentBlackholeSettings> {
  readonly meta: ProviderMeta<TorrentBlackholeSettings> = {
    implementation: 'TorrentBlackhole',
    implementationName: 'Torrent Blackhole',
    configContract: 'TorrentBlackholeSettings',
    settings: TorrentBlackholeSettings,
    protocol: 'torrent',
  };

  constructor(private readonly scanner: WatchFolderScanner) {
    super();
  }

  createClient(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    settings: TorrentBlackholeSettings,
  ): DownloadClient {
    return new TorrentBlackholeClient(definition, settings, this.scanner);
  }
}

@Injectable()
export class UsenetBlackholeProvider extends DownloadClientProviderBase<UsenetBlackholeSettings> {
  readonly meta: ProviderMeta<UsenetBlackholeSettings> = {
    implementation: 'UsenetBlackhole',
    implementationName: 'Usenet Blackhole',
    configContract: 'UsenetBlackholeSettings',
    settings: UsenetBlackholeSettings,
    protocol: 'usenet',
  };

  constructor(private readonly scanner: WatchFolderScanner) {
    super();
  }

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: UsenetBlackholeSettings): DownloadClient {
    return new UsenetBlackholeClient(definition, settings, this.scanner);
  }
}
