import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { connectionFailure, ProviderMeta, providerFailure } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { clientBaseUrl, HttpRequestError, httpRequest } from '../core/provider-http';
import {
  DownloadClient,
  DownloadClientItem,
  DownloadClientProviderBase,
  DownloadItemStatus,
  ReleaseToDownload,
} from './download-client';
import { SabnzbdSettings } from './download-client.settings';
import { cleanFileName, fetchNzb } from './torrent-file';

class ApiKeyError extends Error {}

interface QueueSlot {
  nzo_id: string;
  filename: string;
  cat: string;
  mb: string;
  mbleft: string;
  timeleft: string;
  status: string;
}

interface HistorySlot {
  nzo_id: string;
  name: string;
  category: string;
  bytes: number;
  status: string;
  storage: string;
  fail_message?: string;
}

const seconds = (timeleft: string) =>
  timeleft.split(':').reduce((total, part) => total * 60 + Number(part || 0), 0) || undefined;

function queueStatus(status: string): DownloadItemStatus {
  if (status === 'Paused') return 'paused';
  if (status === 'Queued' || status === 'Grabbing' || status === 'Propagating') return 'queued';
  return 'downloading';
}

function historyStatus(status: string): DownloadItemStatus {
  if (status === 'Failed') return 'failed';
  if (status === 'Completed') return 'completed';
  return 'downloading';
}

/** SABnzbd's API: `apikey` + `output=json` on every call; a wrong key is a 403 with a plain-text body. */
class SabnzbdClient implements DownloadClient {
  readonly protocol = 'usenet' as const;
  readonly downloadClientId: number;
  readonly name: string;

  constructor(
    definition: Pick<ProviderDefinition, 'id' | 'name'>,
    private readonly settings: SabnzbdSettings,
  ) {
    this.downloadClientId = definition.id;
    this.name = definition.name;
  }

  private url(params: Record<string, string>): string {
    const query = new URLSearchParams({ ...params, output: 'json' });
    if (this.settings.apiKey) query.set('apikey', this.settings.apiKey);
    if (this.settings.username) {
      query.set('ma_username', this.settings.username);
      query.set('ma_password', this.settings.password ?? '');
    }
    return `${clientBaseUrl(this.settings)}/api?${query.toString()}`;
  }

  private async call<T>(params: Record<string, string>, body?: FormData): Promise<T> {
    const response = await httpRequest(this.url(params), { method: body ? 'POST' : 'GET', body });
    if (response.status === 403 || /^API Key (Required|Incorrect)/i.test(response.text))
      throw new ApiKeyError(response.text.trim() || 'API Key Incorrect');
    if (response.status >= 400) throw new HttpRequestError(`SABnzbd answered HTTP ${response.status}`, response.status);
    let json: unknown;
    try {
      json = JSON.parse(response.text);
    } catch {
      throw new Error(`SABnzbd answered something that is not JSON: ${response.text.slice(0, 100)}`);
    }
    const error = (json as { error?: string }).error;
    if (error) {
      if (/api key/i.test(error)) throw new ApiKeyError(error);
      throw new Error(`SABnzbd error: ${error}`);
    }
    return json as T;
  }

  async test(): Promise<ValidationFailure[]> {
    try {
      const { version } = await this.call<{ version: string }>({ mode: 'version' });
      if (Number(version.split('.')[0]) < 1 && version !== 'develop')
        return [providerFailure('', `SABnzbd ${version} is too old; version 1.0 or later is needed`)];
      const config = await this.call<{ config: { categories?: { name: string }[] } }>({ mode: 'get_config' });
      const category = this.settings.musicCategory;
      const categories = (config.config.categories ?? []).map((item) => item.name.toLowerCase());
      if (category && !categories.includes(category.toLowerCase()))
        return [
          providerFailure('musicCategory', 'Category does not exist', {
            detailedDescription: `The category you entered doesn't exist in SABnzbd. Go create it in SABnzbd.`,
            attemptedValue: category,
          }),
        ];
      return [];
    } catch (error) {
      if (error instanceof ApiKeyError)
        return [providerFailure('apiKey', 'API Key Incorrect', { detailedDescription: error.message })];
      return [connectionFailure(error, 'host')];
    }
  }

  async download(release: ReleaseToDownload): Promise<string> {
    const nzb = await fetchNzb(release.downloadUrl);
    const form = new FormData();
    form.append(
      'name',
      new Blob([new Uint8Array(nzb)], { type: 'application/x-nzb' }),
      `${cleanFileName(release.title)}.nzb`,
    );
    const params: Record<string, string> = { mode: 'addfile', nzbname: release.title };
    if (this.settings.musicCategory) params.cat = this.settings.musicCategory;
    const priority = release.recentBook ? this.settings.recentTvPriority : this.settings.olderTvPriority;
    if (priority !== -100) params.priority = String(priority);
    const result = await this.call<{ status: boolean; nzo_ids: string[] }>(params, form);
    if (!result.status || !result.nzo_ids?.length) throw new Error('SABnzbd rejected the NZB');
    return result.nzo_ids[0];
  }

  async getItems(): Promise<DownloadClientItem[]> {
    const category = (this.settings.musicCategory ?? '').toLowerCase();
    const inCategory = (name: string) => !category || name.toLowerCase() === category;
    const queue = await this.call<{ queue: { slots: QueueSlot[] } }>({ mode: 'queue' });
    const history = await this.call<{ history: { slots: HistorySlot[] } }>({
      mode: 'history',
      ...(this.settings.musicCategory ? { category: this.settings.musicCategory } : {}),
    });
    const common = { downloadClientId: this.downloadClientId, downloadClient: this.name };
    const items: DownloadClientItem[] = queue.queue.slots
      .filter((slot) => inCategory(slot.cat))
      .map((slot) => ({
        ...common,
        downloadId: slot.nzo_id,
        title: slot.filename,
        category: slot.cat,
        totalSize: Math.round(Number(slot.mb) * 1024 * 1024),
        remainingSize: Math.round(Number(slot.mbleft) * 1024 * 1024),
        remainingTime: seconds(slot.timeleft),
        status: queueStatus(slot.status),
        canMoveFiles: false,
        canBeRemoved: false,
      }));
    for (const slot of history.history.slots.filter((item) => inCategory(item.category))) {
      const status = historyStatus(slot.status);
      items.push({
        ...common,
        downloadId: slot.nzo_id,
        title: slot.name,
        category: slot.category,
        totalSize: slot.bytes,
        remainingSize: 0,
        status,
        outputPath: slot.storage || undefined,
        message: slot.fail_message || undefined,
        canMoveFiles: status === 'completed',
        canBeRemoved: status === 'completed' || status === 'failed',
      });
    }
    return items;
  }

  async removeItem(downloadId: string, deleteData: boolean): Promise<void> {
    const inQueue = (await this.call<{ queue: { slots: QueueSlot[] } }>({ mode: 'queue' })).queue.slots.some(
      (slot) => slot.nzo_id === downloadId,
    );
    await this.call({
      mode: inQueue ? 'queue' : 'history',
      name: 'delete',
      value: downloadId,
      del_files: deleteData ? '1' : '0',
    });
  }
}

@Injectable()
export class SabnzbdProvider extends DownloadClientProviderBase<SabnzbdSettings> {
  readonly meta: ProviderMeta<SabnzbdSettings> = {
    implementation: 'Sabnzbd',
    implementationName: 'SABnzbd',
    configContract: 'SabnzbdSettings',
    settings: SabnzbdSettings,
    protocol: 'usenet',
  };

  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: SabnzbdSettings): DownloadClient {
    return new SabnzbdClient(definition, settings);
  }
}
