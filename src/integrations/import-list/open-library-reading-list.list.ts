import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { MetadataSourceSettings } from '../../platform/settings/development/metadata-source-settings';
import { connectionFailure, ProviderMeta, providerFailure } from '../core/provider';
import { HttpRequestError, httpRequest } from '../core/provider-http';
import { ImportListItem, ImportListProvider } from './import-list';
import { OPEN_LIBRARY_SHELVES, OpenLibraryReadingListSettings } from './import-list.settings';

interface ReadingLogEntry {
  work?: { title?: string; key?: string; author_keys?: string[]; author_names?: string[] };
}

const MAX_PAGES = 20;

/** An Open Library reading log shelf: `<metadataSource>/people/<user>/books/<shelf>.json`, paged with `page`. */
@Injectable()
export class OpenLibraryReadingList implements ImportListProvider<OpenLibraryReadingListSettings> {
  readonly meta: ProviderMeta<OpenLibraryReadingListSettings> = {
    implementation: 'OpenLibraryReadingList',
    implementationName: 'Open Library Reading List',
    configContract: 'OpenLibraryReadingListSettings',
    settings: OpenLibraryReadingListSettings,
  };
  readonly listType = 'other' as const;
  readonly minRefreshInterval = '12:00:00';

  constructor(private readonly sources: MetadataSourceSettings) {}

  private async page(settings: OpenLibraryReadingListSettings, page: number): Promise<ReadingLogEntry[]> {
    const base = (settings.baseUrl?.trim() || (await this.sources.effectiveMetadataSource())).replace(/\/+$/, '');
    const shelf = OPEN_LIBRARY_SHELVES[settings.shelf] ?? 'want-to-read';
    const url = `${base}/people/${encodeURIComponent(settings.username)}/books/${shelf}.json?page=${page}`;
    const response = await httpRequest(url, { headers: { Accept: 'application/json', 'User-Agent': 'Quire' } });
    if (response.status === 404) throw new HttpRequestError(`Open Library user '${settings.username}' not found`, 404);
    if (response.status >= 400)
      throw new HttpRequestError(`Open Library answered HTTP ${response.status}`, response.status);
    const body = JSON.parse(response.text) as { reading_log_entries?: ReadingLogEntry[] };
    return body.reading_log_entries ?? [];
  }

  async test(settings: OpenLibraryReadingListSettings): Promise<ValidationFailure[]> {
    try {
      await this.page(settings, 1);
      return [];
    } catch (error) {
      if (error instanceof HttpRequestError && error.status === 404)
        return [
          providerFailure('username', error.message, {
            detailedDescription: 'Check the user name and that the reading log is public.',
          }),
        ];
      return [connectionFailure(error)];
    }
  }

  async fetch(settings: OpenLibraryReadingListSettings): Promise<ImportListItem[]> {
    const items: ImportListItem[] = [];
    const seen = new Set<string>();
    for (let page = 1; page <= MAX_PAGES; page++) {
      const entries = await this.page(settings, page);
      const before = seen.size;
      for (const { work } of entries) {
        const authorName = work?.author_names?.[0];
        if (!work || !authorName || seen.has(work.key ?? work.title ?? '')) continue;
        seen.add(work.key ?? work.title ?? '');
        items.push({
          authorName,
          foreignAuthorId: work.author_keys?.[0]?.replace(/^\/authors\//, ''),
          bookTitle: work.title,
          foreignBookId: work.key?.replace(/^\/works\//, ''),
        });
      }
      // An empty page ends the log; a page with nothing new means the server ignores `page`.
      if (entries.length === 0 || seen.size === before) break;
    }
    return items;
  }
}
