import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { connectionFailure, ProviderMeta, providerFailure } from '../core/provider';
import { HttpRequestError, httpRequest } from '../core/provider-http';
import { ImportListItem, ImportListProvider } from './import-list';
import { ReadarrSettings } from './import-list.settings';

class UnauthorizedError extends Error {}

interface RemoteAuthor {
  authorName: string;
  foreignAuthorId: string;
  monitored: boolean;
  qualityProfileId: number;
  rootFolderPath?: string;
  path?: string;
  tags: number[];
}

/** Imports the monitored authors of another Readarr (or Quire) instance through its v1 API. */
@Injectable()
export class ReadarrImportList implements ImportListProvider<ReadarrSettings> {
  readonly meta: ProviderMeta<ReadarrSettings> = {
    implementation: 'ReadarrImport',
    implementationName: 'Readarr',
    configContract: 'ReadarrSettings',
    settings: ReadarrSettings,
  };
  readonly listType = 'program' as const;
  readonly minRefreshInterval = '00:15:00';

  private async get<T>(settings: ReadarrSettings, path: string): Promise<T> {
    const url = `${settings.baseUrl.trim().replace(/\/+$/, '')}/api/v1/${path}`;
    const response = await httpRequest(url, { headers: { 'X-Api-Key': settings.apiKey, Accept: 'application/json' } });
    if (response.status === 401) throw new UnauthorizedError('Unauthorized');
    if (response.status >= 300)
      throw new HttpRequestError(
        `Remote instance answered HTTP ${response.status} to /api/v1/${path}`,
        response.status,
      );
    return JSON.parse(response.text) as T;
  }

  async test(settings: ReadarrSettings): Promise<ValidationFailure[]> {
    try {
      await this.get(settings, 'system/status');
      return [];
    } catch (error) {
      if (error instanceof UnauthorizedError) return [providerFailure('apiKey', 'Invalid API Key')];
      return [connectionFailure(error, 'baseUrl')];
    }
  }

  async fetch(settings: ReadarrSettings): Promise<ImportListItem[]> {
    const authors = await this.get<RemoteAuthor[]>(settings, 'author');
    const roots = settings.rootFolderPaths.map((path) => path.replace(/\/+$/, ''));
    return authors
      .filter((author) => author.monitored)
      .filter((author) => settings.profileIds.length === 0 || settings.profileIds.includes(author.qualityProfileId))
      .filter((author) => settings.tagIds.length === 0 || author.tags.some((tag) => settings.tagIds.includes(tag)))
      .filter(
        (author) =>
          roots.length === 0 ||
          roots.some((root) => (author.rootFolderPath ?? author.path ?? '').replace(/\/+$/, '').startsWith(root)),
      )
      .map((author) => ({ authorName: author.authorName, foreignAuthorId: author.foreignAuthorId }));
  }

  async action(name: string, settings: ReadarrSettings): Promise<unknown> {
    if (!settings.baseUrl || !settings.apiKey) return { options: [] };
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    switch (name.toLowerCase()) {
      case 'getprofiles': {
        const profiles = await this.get<{ id: number; name: string }[]>(settings, 'qualityprofile');
        return { options: profiles.map((p) => ({ value: p.id, name: p.name })).sort(byName) };
      }
      case 'gettags': {
        const tags = await this.get<{ id: number; label: string }[]>(settings, 'tag');
        return { options: tags.map((t) => ({ value: t.id, name: t.label })).sort(byName) };
      }
      case 'getrootfolders': {
        const folders = await this.get<{ path: string }[]>(settings, 'rootfolder');
        return { options: folders.map((f) => ({ value: f.path, name: f.path })).sort(byName) };
      }
      default:
        return {};
    }
  }
}
