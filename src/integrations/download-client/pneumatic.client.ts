import { Injectable } from '@nestjs/common';
import { constants } from 'node:fs';
import { access, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { DownloadClient, DownloadClientItem, DownloadClientProviderBase, ReleaseToDownload } from './download-client';
import { PneumaticSettings } from './pneumatic.settings';
import { cleanFileName, fetchNzb } from './torrent-file';

/** .NET ticks (100 ns since 0001-01-01) of a file's last write, the stamp Readarr puts in Pneumatic download ids. */
const TICKS_AT_UNIX_EPOCH = 621_355_968_000_000_000n;

/** Readarr's folder check of local download clients, with its messages. */
export async function localFolderFailure(folder: string, property: string): Promise<ValidationFailure | undefined> {
  const exists = await stat(folder).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!exists)
    return providerFailure(property, 'Folder does not exist', {
      detailedDescription:
        'The folder you specified does not exist or is inaccessible. Please verify the folder permissions for the user account that runs Quire.',
    });
  const writable = await access(folder, constants.W_OK).then(
    () => true,
    () => false,
  );
  if (!writable)
    return providerFailure(property, 'Unable to write to folder', {
      detailedDescription:
        'The folder you specified is not writable. Please verify the folder permissions for the user account that runs Quire.',
    });
  return undefined;
}

/**
 * Pneumatic (the Kodi/XBMC add-on): the NZB goes into a folder Kodi reads and a .strm file that tells the add-on to
 * stream it goes into the Strm folder; those .strm files are the "downloads", complete as soon as they exist.
 */
class PneumaticClient implements DownloadClient {
  readonly protocol = 'usenet' as const;
  readonly downloadClientId: number;
  readonly name: string;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: PneumaticSettings,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
  }

  async test(): Promise<ValidationFailure[]> {
    const failures = [
      await localFolderFailure(this.settings.nzbFolder, 'nzbFolder'),
      await localFolderFailure(this.settings.strmFolder, 'strmFolder'),
    ];
    return failures.filter((item): item is ValidationFailure => !!item);
  }

  async download(release: ReleaseToDownload): Promise<string> {
    if (!this.settings.strmFolder?.trim()) throw new Error('Strm Folder needs to be set for Pneumatic Downloader');
    const title = cleanFileName(release.title);
    const nzbFile = join(this.settings.nzbFolder, `${title}.nzb`);
    await writeFile(nzbFile, await fetchNzb(release.downloadUrl));
    const strmFile = join(this.settings.strmFolder, `${title}.strm`);
    await writeFile(
      strmFile,
      `plugin://plugin.program.pneumatic/?mode=strm&type=add_file&nzb=${nzbFile}&nzbname=${title}`,
    );
    return this.downloadIdOf(strmFile);
  }

  private async downloadIdOf(file: string): Promise<string> {
    const { mtimeNs } = await stat(file, { bigint: true });
    return `${this.name}_${basename(file)}_${mtimeNs / 100n + TICKS_AT_UNIX_EPOCH}`;
  }

  async getItems(): Promise<DownloadClientItem[]> {
    const names = (await readdir(this.settings.strmFolder, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && extname(entry.name) === '.strm')
      .map((entry) => entry.name);
    const items: DownloadClientItem[] = [];
    for (const name of names) {
      const file = join(this.settings.strmFolder, name);
      items.push({
        downloadClientId: this.downloadClientId,
        downloadClient: this.name,
        downloadId: await this.downloadIdOf(file),
        // As Readarr, the title keeps the .strm extension.
        title: cleanFileName(name),
        totalSize: (await stat(file)).size,
        remainingSize: 0,
        // Readarr reports a .strm file still locked by its writer as downloading; POSIX has no such locks, and the
        // file is written in one call, so here a .strm file that exists is complete.
        status: 'completed',
        outputPath: file,
        canMoveFiles: true,
        canBeRemoved: true,
      });
    }
    return items;
  }

  removeItem(): Promise<void> {
    return Promise.reject(new Error('Pneumatic does not support removing downloads'));
  }
}

@Injectable()
export class PneumaticProvider extends DownloadClientProviderBase<PneumaticSettings> {
  readonly meta: ProviderMeta<PneumaticSettings> = {
    implementation: 'Pneumatic',
    implementationName: 'Pneumatic',
    configContract: 'PneumaticSettings',
    settings: PneumaticSettings,
    protocol: 'usenet',
  };

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: PneumaticSettings): DownloadClient {
    return new PneumaticClient(definition, settings);
  }
}
