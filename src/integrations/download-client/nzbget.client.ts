import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { clientBaseUrl, HttpRequestError, httpRequest } from '../core/provider-http';
import {
  DownloadClient,
  DownloadClientItem,
  DownloadClientProviderBase,
  DownloadItemStatus,
  ReleaseToDownload,
} from './download-client';
import { NzbgetSettings } from './nzbget.settings';
import { cleanFileName, fetchNzb } from './torrent-file';

class AuthenticationError extends Error {}

interface Parameter {
  Name: string;
  Value: string;
}

interface QueueGroup {
  NZBID: number;
  NZBName: string;
  Category: string;
  FileSizeLo: number;
  FileSizeHi: number;
  RemainingSizeLo: number;
  RemainingSizeHi: number;
  PausedSizeLo: number;
  PausedSizeHi: number;
  ActiveDownloads: number;
  Parameters: Parameter[];
}

export interface HistoryEntry {
  NZBID: number;
  Name: string;
  Category: string;
  FileSizeLo: number;
  FileSizeHi: number;
  ParStatus: string;
  UnpackStatus: string;
  MoveStatus: string;
  ScriptStatus: string;
  DeleteStatus: string;
  MarkStatus: string;
  DestDir: string;
  FinalDir: string;
  Parameters: Parameter[];
}

interface GlobalStatus {
  DownloadPaused: boolean;
  DownloadRate: number;
}

const SUCCESS = ['SUCCESS', 'NONE'];
/** Delete statuses that mean the download itself went wrong; any other one is only a warning. */
const DELETED_AS_FAILED = ['HEALTH', 'DUPE', 'SCAN', 'COPY', 'BAD'];

/** JSON has no safe 64-bit integers, so NZBGet sends sizes as two 32-bit halves. */
const int64 = (high: number, low: number) => (high >>> 0) * 2 ** 32 + (low >>> 0);

/** Readarr's `drone` post-processing parameter carries the id Quire gave the grab; others have NZBGet's own id. */
function downloadIdOf(entry: { NZBID: number; Parameters?: Parameter[] }): string {
  return entry.Parameters?.find((parameter) => parameter.Name === 'drone')?.Value ?? String(entry.NZBID);
}

/** Readarr's reading of a history entry: each later stage that went wrong decides; undefined = not listed. */
export function historyStatus(entry: HistoryEntry): DownloadItemStatus | undefined {
  // Deleted by hand: only listed when the user also marked it bad.
  if (entry.DeleteStatus === 'MANUAL') return entry.MarkStatus === 'BAD' ? 'failed' : undefined;
  let status: DownloadItemStatus = 'completed';
  if (!SUCCESS.includes(entry.ParStatus)) status = 'failed';
  if (entry.UnpackStatus === 'SPACE') status = 'warning';
  else if (!SUCCESS.includes(entry.UnpackStatus)) status = 'failed';
  if (!SUCCESS.includes(entry.MoveStatus)) status = 'warning';
  if (!SUCCESS.includes(entry.ScriptStatus)) status = 'failed';
  if (entry.DeleteStatus && !SUCCESS.includes(entry.DeleteStatus))
    status = DELETED_AS_FAILED.includes(entry.DeleteStatus) ? 'failed' : 'warning';
  return status;
}

/** NZBGet's JSON-RPC at `<urlBase>/jsonrpc`, with its control login as HTTP basic auth. */
class NzbgetClient implements DownloadClient {
  readonly protocol = 'usenet' as const;
  readonly downloadClientId: number;
  readonly name: string;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: NzbgetSettings,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
  }

  private get category(): string {
    return this.settings.musicCategory ?? '';
  }

  private async call<T>(method: string, ...params: unknown[]): Promise<T> {
    // NZBGet closes every connection once it has answered; a pooled socket picked up just before that close is
    // seen fails the next call ("other side closed"), so each call asks for a connection of its own.
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Connection: 'close' };
    if (this.settings.username || this.settings.password)
      headers.Authorization = `Basic ${Buffer.from(`${this.settings.username ?? ''}:${this.settings.password ?? ''}`).toString('base64')}`;
    const response = await httpRequest(`${clientBaseUrl(this.settings)}/jsonrpc`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }),
    });
    if (response.status === 401)
      throw new AuthenticationError('Authentication failed for NzbGet, please check your settings');
    if (response.status >= 400)
      throw new HttpRequestError(`Unable to connect to NzbGet. HTTP ${response.status}`, response.status);
    let body: { result?: T; error?: { message?: string } | null };
    try {
      body = JSON.parse(response.text) as typeof body;
    } catch {
      throw new Error('NZBGet answered something that is not JSON-RPC');
    }
    if (body.error) throw new Error(`Error response received from nzbget: ${body.error.message ?? 'unknown error'}`);
    return body.result as T;
  }

  private config(): Promise<Record<string, string>> {
    return this.call<{ Name: string; Value: string }[]>('config').then(
      (items) => Object.fromEntries(items.map((item) => [item.Name, item.Value])) as Record<string, string>,
    );
  }

  /** The configured categories and where each one's downloads land (NZBGet's own rule when a category has no DestDir). */
  private categories(config: Record<string, string>): { name: string; destDir: string }[] {
    const categories: { name: string; destDir: string }[] = [];
    for (let index = 1; index < 100; index++) {
      const name = config[`Category${index}.Name`];
      if (name === undefined) break;
      let destDir = config[`Category${index}.DestDir`] ?? '';
      if (!destDir.trim()) {
        destDir = (config.DestDir ?? '').replace('${MainDir}', config.MainDir ?? '');
        if ((config.AppendCategoryDir ?? 'yes') === 'yes') destDir = join(destDir, name);
      }
      categories.push({ name, destDir });
    }
    return categories;
  }

  async test(): Promise<ValidationFailure[]> {
    try {
      const version = (await this.call<string>('version')).split('-')[0];
      if (!(Number(version.split('.')[0]) >= 12))
        return [providerFailure('', 'Nzbget version too low, need 12.0 or higher')];
    } catch (error) {
      if (error instanceof AuthenticationError) return [providerFailure('username', 'Authentication failed')];
      return [
        providerFailure('host', 'Unable to connect to NZBGet', {
          detailedDescription: error instanceof Error ? error.message : String(error),
        }),
      ];
    }
    const failures: ValidationFailure[] = [];
    const config = await this.config();
    const infoLink = clientBaseUrl(this.settings);
    if (!this.category)
      failures.push(providerFailure('musicCategory', 'A category is recommended', { isWarning: true }));
    else if (!this.categories(config).some((category) => category.name === this.category))
      failures.push(
        providerFailure('musicCategory', 'Category does not exist', {
          infoLink,
          detailedDescription: "The Category your entered doesn't exist in NzbGet. Go to NzbGet to create it.",
          attemptedValue: this.category,
        }),
      );
    const keepHistory = config.KeepHistory ?? '7';
    const days = /^\d+$/.test(keepHistory) ? Number(keepHistory) : 0;
    if (days === 0)
      failures.push(
        providerFailure('', 'NzbGet setting KeepHistory should be greater than 0', {
          infoLink,
          detailedDescription:
            'NzbGet setting KeepHistory is set to 0. Which prevents Readarr from seeing completed downloads.',
        }),
      );
    else if (days > 25000)
      failures.push(
        providerFailure('', 'NzbGet setting KeepHistory should be less than 25000', {
          infoLink,
          detailedDescription: 'NzbGet setting KeepHistory is set too high.',
        }),
      );
    return failures;
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const nzb = await fetchNzb(release.downloadUrl);
    const priority = release.recentBook ? this.settings.recentTvPriority : this.settings.olderTvPriority;
    const droneId = randomUUID().replace(/-/g, '');
    // NZBGet 16+: append(name, content, category, priority, addToTop, addPaused, dupeKey, dupeScore, dupeMode, ppParameters).
    const nzbId = await this.call<number>(
      'append',
      `${cleanFileName(release.title)}.nzb`,
      nzb.toString('base64'),
      this.category,
      priority,
      false,
      this.settings.addPaused,
      '',
      0,
      'all',
      ['drone', droneId],
    );
    if (!(nzbId > 0)) throw new Error('NZBGet rejected the NZB for an unknown reason');
    return droneId;
  }

  private async queueItems(): Promise<DownloadClientItem[]> {
    const status = await this.call<GlobalStatus>('status');
    const groups = await this.call<QueueGroup[]>('listgroups');
    const items: DownloadClientItem[] = [];
    // Each download's time left counts what is queued before it, at the current overall rate.
    let aheadOfThis = 0;
    for (const group of groups) {
      const remaining = int64(group.RemainingSizeHi, group.RemainingSizeLo);
      const paused = int64(group.PausedSizeHi, group.PausedSizeLo);
      const item: DownloadClientItem = {
        downloadClientId: this.downloadClientId,
        downloadClient: this.name,
        downloadId: downloadIdOf(group),
        title: group.NZBName,
        category: group.Category,
        totalSize: int64(group.FileSizeHi, group.FileSizeLo),
        remainingSize: remaining,
        status: 'downloading',
        canMoveFiles: true,
        canBeRemoved: true,
      };
      if (status.DownloadPaused || (remaining === paused && remaining !== 0)) item.status = 'paused';
      else {
        item.status = group.ActiveDownloads === 0 && remaining !== 0 ? 'queued' : 'downloading';
        item.remainingSize = remaining - paused;
        if (status.DownloadRate > 0) {
          item.remainingTime = Math.floor((aheadOfThis + item.remainingSize) / status.DownloadRate);
          aheadOfThis += item.remainingSize;
        }
      }
      items.push(item);
    }
    return items;
  }

  private async historyItems(): Promise<DownloadClientItem[]> {
    const entries = await this.call<HistoryEntry[]>('history');
    const items: DownloadClientItem[] = [];
    for (const entry of entries) {
      const status = historyStatus(entry);
      if (!status) continue;
      items.push({
        downloadClientId: this.downloadClientId,
        downloadClient: this.name,
        downloadId: downloadIdOf(entry),
        title: entry.Name,
        category: entry.Category,
        totalSize: int64(entry.FileSizeHi, entry.FileSizeLo),
        remainingSize: 0,
        remainingTime: 0,
        status,
        outputPath: entry.FinalDir?.trim() ? entry.FinalDir : entry.DestDir,
        message: `PAR Status: ${entry.ParStatus} - Unpack Status: ${entry.UnpackStatus} - Move Status: ${entry.MoveStatus} - Script Status: ${entry.ScriptStatus} - Delete Status: ${entry.DeleteStatus} - Mark Status: ${entry.MarkStatus}`,
        canMoveFiles: true,
        canBeRemoved: true,
      });
    }
    return items;
  }

  async getItems(): Promise<DownloadClientItem[]> {
    const items = [...(await this.queueItems()), ...(await this.historyItems())];
    return items.filter((item) => item.category === this.category);
  }

  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    if (deleteData) {
      const item = (await this.getItems()).find((candidate) => candidate.downloadId === downloadId);
      if (item?.outputPath) await rm(item.outputPath, { recursive: true, force: true });
    }
    // A download Quire did not grab is known by NZBGet's own (short, numeric) id.
    const byNzbId = downloadId.length < 10 && /^\d+$/.test(downloadId);
    const matches = (entry: { NZBID: number; Parameters?: Parameter[] }) =>
      byNzbId ? entry.NZBID === Number(downloadId) : downloadIdOf(entry) === downloadId;
    const group = (await this.call<QueueGroup[]>('listgroups')).find(matches);
    if (group) {
      await this.editQueue('GroupFinalDelete', group.NZBID);
      return;
    }
    const entry = (await this.call<HistoryEntry[]>('history')).find(matches);
    if (entry) await this.editQueue('HistoryDelete', entry.NZBID);
  }

  private async editQueue(command: string, nzbId: number): Promise<void> {
    const done = await this.call<boolean>('editqueue', command, 0, '', nzbId);
    if (!done) throw new Error(`NZBGet did not carry out ${command} for download ${nzbId}`);
  }
}

@Injectable()
export class NzbgetProvider extends DownloadClientProviderBase<NzbgetSettings> {
  readonly meta: ProviderMeta<NzbgetSettings> = {
    implementation: 'Nzbget',
    implementationName: 'NZBGet',
    configContract: 'NzbgetSettings',
    settings: NzbgetSettings,
    protocol: 'usenet',
  };

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: NzbgetSettings): DownloadClient {
    return new NzbgetClient(definition, settings);
  }
}
