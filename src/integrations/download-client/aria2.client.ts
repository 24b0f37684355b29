import { Injectable } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { clientBaseUrl, HttpRequestError, httpRequest } from '../core/provider-http';
import { xmlRpcCall, xmlRpcResult, XmlRpcValue } from './aria2-xml-rpc';
import { Aria2Settings } from './aria2.settings';
import {
  DownloadClient,
  DownloadClientItem,
  DownloadClientProviderBase,
  DownloadItemStatus,
  ReleaseToDownload,
} from './download-client';
import { fetchTorrent } from './torrent-file';

/** A download as aria2's tell* methods describe it (numbers come as decimal strings). */
interface Aria2Status {
  gid: string;
  status: 'active' | 'waiting' | 'paused' | 'error' | 'complete' | 'removed';
  infoHash?: string;
  totalLength: string;
  completedLength: string;
  uploadLength: string;
  downloadSpeed: string;
  dir?: string;
  errorMessage?: string;
  files?: { path: string }[];
  bittorrent?: { info?: { name?: string } };
}

const MINIMUM_VERSION = [1, 34, 0];
/** How many waiting and stopped downloads one listing asks for, as Readarr does. */
const LISTING_LIMIT = 10 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function olderThanMinimum(version: string): boolean {
  const parts = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < MINIMUM_VERSION.length; index++) {
    const part = parts[index] ?? 0;
    if (part !== MINIMUM_VERSION[index]) return part < MINIMUM_VERSION[index];
  }
  return false;
}

/** Readarr's reading of aria2's states: an active download with every byte is completed (it is seeding). */
function statusOf(download: Aria2Status, total: number, completed: number): DownloadItemStatus {
  switch (download.status) {
    case 'active':
      return completed === total ? 'completed' : 'downloading';
    case 'waiting':
      return 'queued';
    case 'paused':
      return 'paused';
    case 'complete':
      return 'completed';
    case 'error':
    case 'removed':
      return 'failed';
  }
}

/** One file: its path; several: the deepest folder they all share (the torrent's own folder). */
function outputPathOf(download: Aria2Status): string | undefined {
  const paths = (download.files ?? []).map((file) => file.path).filter(Boolean);
  if (paths.length <= 1) return paths[0];
  const split = paths.map((path) => path.split('/'));
  const common: string[] = [];
  for (let index = 0; split.every((parts) => index < parts.length - 1 && parts[index] === split[0][index]); index++)
    common.push(split[0][index]);
  return common.join('/') || undefined;
}

/**
 * aria2 over XML-RPC (Readarr's choice: its path setting is the XML-RPC one), the secret token as the first
 * parameter of every call. aria2 knows nothing of categories or seed goals per grab: every torrent it has is listed,
 * and a torrent may go once aria2 itself has finished seeding it (status complete).
 */
class Aria2Client implements DownloadClient {
  readonly protocol = 'torrent' as const;
  readonly downloadClientId: number;
  readonly name: string;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: Aria2Settings,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
  }

  private async call<T>(method: string, ...params: XmlRpcValue[]): Promise<T> {
    const url = clientBaseUrl({ ...this.settings, urlBase: this.settings.rpcPath || '/rpc' });
    const response = await httpRequest(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml' },
      body: xmlRpcCall(method, [`token:${this.settings.secretToken ?? ''}`, ...params]),
    });
    // aria2 answers a fault (a wrong token, an unknown gid) with an error status and the fault in the body.
    if (!response.text.includes('<methodResponse'))
      throw new HttpRequestError(`Aria2 answered HTTP ${response.status}`, response.status);
    return xmlRpcResult(response.text) as T;
  }

  private async downloads(): Promise<Aria2Status[]> {
    const active = await this.call<Aria2Status[]>('aria2.tellActive');
    const waiting = await this.call<Aria2Status[]>('aria2.tellWaiting', 0, LISTING_LIMIT);
    const stopped = await this.call<Aria2Status[]>('aria2.tellStopped', 0, LISTING_LIMIT);
    return [...active, ...waiting, ...stopped];
  }

  async test(): Promise<ValidationFailure[]> {
    try {
      const { version } = await this.call<{ version: string }>('aria2.getVersion');
      if (olderThanMinimum(version))
        return [providerFailure('', `Aria2 version should be at least 1.34.0. Version reported is ${version}`)];
      return [];
    } catch (error) {
      return [
        providerFailure('host', 'Unable to connect to Aria2', {
          detailedDescription: error instanceof Error ? error.message : String(error),
        }),
      ];
    }
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const torrent = await fetchTorrent(release);
    const gid =
      torrent.kind === 'magnet'
        ? await this.call<string>('aria2.addUri', [torrent.magnet])
        : await this.call<string>('aria2.addTorrent', torrent.data);
    // As Readarr, give aria2 a moment to show the torrent under its hash; a slow one is tracked by the hash anyway.
    for (let attempt = 0; attempt < 10; attempt++) {
      const added = await this.call<Aria2Status>('aria2.tellStatus', gid, ['infoHash']).catch(() => undefined);
      if (added?.infoHash?.toUpperCase() === torrent.hash) break;
      await sleep(500);
    }
    return torrent.hash;
  }

  async getItems(): Promise<DownloadClientItem[]> {
    return (await this.downloads())
      .filter((download) => download.infoHash && !download.files?.[0]?.path?.includes('[METADATA]'))
      .map((download) => {
        const total = Number(download.totalLength);
        const completed = Number(download.completedLength);
        const speed = Number(download.downloadSpeed);
        return {
          downloadClientId: this.downloadClientId,
          downloadClient: this.name,
          downloadId: download.infoHash!.toUpperCase(),
          title: download.bittorrent?.info?.name ?? '',
          totalSize: total,
          remainingSize: total - completed,
          remainingTime: speed > 0 ? Math.floor((total - completed) / speed) : undefined,
          status: statusOf(download, total, completed),
          outputPath: outputPathOf(download),
          message: download.errorMessage || undefined,
          canMoveFiles: false,
          canBeRemoved: download.status === 'complete',
        };
      });
  }

  /**
   * aria2 cannot delete files itself, so the data goes from here. A running download is stopped first; Quire then
   * also drops its stopped entry, which would otherwise be listed as a failed download.
   */
  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    const download = (await this.downloads()).find(
      (candidate) => candidate.infoHash?.toUpperCase() === downloadId.toUpperCase(),
    );
    if (!download) return;
    if (!['complete', 'error', 'removed'].includes(download.status)) {
      await this.call('aria2.forceRemove', download.gid);
      for (let attempt = 0; attempt < 25; attempt++) {
        const state = await this.call<Aria2Status>('aria2.tellStatus', download.gid, ['status']);
        if (state.status === 'removed') break;
        await sleep(200);
      }
    }
    await this.call('aria2.removeDownloadResult', download.gid);
    const outputPath = outputPathOf(download);
    // Never the download folder itself, whatever the file list said.
    if (deleteData && outputPath && outputPath.replace(/\/+$/, '') !== (download.dir ?? '').replace(/\/+$/, ''))
      await rm(outputPath, { recursive: true, force: true });
  }
}

@Injectable()
export class Aria2Provider extends DownloadClientProviderBase<Aria2Settings> {
  readonly meta: ProviderMeta<Aria2Settings> = {
    implementation: 'Aria2',
    implementationName: 'Aria2',
    configContract: 'Aria2Settings',
    settings: Aria2Settings,
    protocol: 'torrent',
  };

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: Aria2Settings): DownloadClient {
    return new Aria2Client(definition, settings);
  }
}
