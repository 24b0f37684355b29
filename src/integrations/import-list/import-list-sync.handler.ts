import { Injectable, Logger } from '@nestjs/common';
import { AddAuthorService } from '../../library/author/add-author.service';
import {
  CommandContext,
  CommandHandler,
  CommandHandlerInstance,
} from '../../platform/command/command-handler.decorator';
import { ValidationError } from '../../platform/common/errors/domain-errors';
import { ImportListExclusionService } from '../../library/import-list-exclusion/import-list-exclusion.service';
import { ProviderDefinition } from '../core/provider-definition.entity';
import { ImportListItem } from './import-list';
import { ImportListExistingMonitor } from './import-list-existing-monitor';
import { ImportListService } from './import-list.service';

export interface ImportListSyncBody {
  definitionId?: number;
}

export interface ImportListSyncReport {
  found: number;
  added: string[];
  excluded: string[];
  existing: number;
  withoutId: string[];
  failed: string[];
}

/**
 * Readarr's ImportListSyncCommand: fetch every enabled list, skip authors (and books) on the import-list exclusion
 * list, monitor again what is already in the library when the list's `shouldMonitorExisting` says so, add the rest
 * with the list's root folder, profiles, tags and monitoring.
 */
@CommandHandler('ImportListSync', { typeExclusive: true })
@Injectable()
export class ImportListSyncHandler implements CommandHandlerInstance<ImportListSyncBody> {
  private readonly logger = new Logger(ImportListSyncHandler.name);

  constructor(
    private readonly lists: ImportListService,
    private readonly exclusions: ImportListExclusionService,
    private readonly existing: ImportListExistingMonitor,
    private readonly addAuthor: AddAuthorService,
  ) {}

  async execute(body: ImportListSyncBody, context?: CommandContext): Promise<string> {
    const report = await this.sync(body.definitionId, context);
    return (
      `Found ${report.found} items: added ${report.added.length} authors, ${report.excluded.length} excluded, ` +
      `${report.existing} already in the library` +
      (report.withoutId.length ? `, ${report.withoutId.length} without a metadata id` : '') +
      (report.failed.length ? `, ${report.failed.length} failed` : '')
    );
  }

  async sync(definitionId?: number, context?: CommandContext): Promise<ImportListSyncReport> {
    const definitions = definitionId ? [await this.lists.require(definitionId)] : await this.lists.listEnabled();
    const report: ImportListSyncReport = { found: 0, added: [], excluded: [], existing: 0, withoutId: [], failed: [] };
    const seen = new Set<string>();
    for (const definition of definitions) {
      const resolved = this.lists.resolve(definition);
      if (!resolved) continue;
      await context?.progress(`Fetching import list ${definition.name}`);
      let items: ImportListItem[];
      try {
        items = await resolved.provider.fetch(resolved.settings);
      } catch (error) {
        this.logger.warn(
          `Import list ${definition.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        report.failed.push(definition.name);
        continue;
      }
      report.found += items.length;
      for (const item of items) await this.process(item, definition, report, seen);
    }
    return report;
  }

  private async process(
    item: ImportListItem,
    definition: ProviderDefinition,
    report: ImportListSyncReport,
    seen: Set<string>,
  ) {
    const foreignAuthorId = item.foreignAuthorId?.trim();
    if (!foreignAuthorId) {
      report.withoutId.push(item.authorName);
      return;
    }
    // One item per author and book, as Readarr: several books of an author already here each get monitored.
    const key = item.foreignBookId?.trim() ? `${foreignAuthorId}\u0000${item.foreignBookId.trim()}` : foreignAuthorId;
    if (seen.has(key) || report.added.includes(foreignAuthorId) || report.failed.includes(foreignAuthorId)) return;
    seen.add(key);
    const bookExcluded = item.foreignBookId ? await this.exclusions.isExcluded(item.foreignBookId) : false;
    if (bookExcluded || (await this.exclusions.isExcluded(foreignAuthorId))) {
      if (!report.excluded.includes(foreignAuthorId)) report.excluded.push(foreignAuthorId);
      return;
    }
    const options = this.lists.optionsOf(definition.options);
    if (await this.existing.handle(item, foreignAuthorId, options)) {
      report.existing++;
      return;
    }
    if (!options.enableAutomaticAdd) return;
    try {
      await this.addAuthor.add({
        foreignAuthorId,
        authorName: item.authorName,
        rootFolderPath: options.rootFolderPath,
        qualityProfileId: options.qualityProfileId,
        metadataProfileId: options.metadataProfileId,
        monitored: options.shouldMonitor !== 'none',
        monitorNewItems: options.monitorNewItems as 'all' | 'none' | 'new',
        tags: definition.tags,
        addOptions: {
          monitor: options.shouldMonitor === 'entireAuthor' ? 'all' : 'none',
          booksToMonitor: options.shouldMonitor === 'specificBook' && item.foreignBookId ? [item.foreignBookId] : [],
          monitored: options.shouldMonitor !== 'none',
          searchForMissingBooks: options.shouldSearch,
        },
      });
      report.added.push(foreignAuthorId);
    } catch (error) {
      const reason =
        error instanceof ValidationError ? error.failures.map((f) => f.errorMessage).join('; ') : String(error);
      this.logger.warn(`Import list ${definition.name}: could not add ${item.authorName}: ${reason}`);
      report.failed.push(foreignAuthorId);
    }
  }
}
