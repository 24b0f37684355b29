import { Injectable, Logger } from '@nestjs/common';
import { DomainEvents, OnDomainEvent } from '../../platform/common/events/domain-events';
import { stat } from 'node:fs/promises';
import { FileHistoryService } from '../organizer/file-history.service';
import { DownloadClientFactory } from '../../integrations/download-client/download-client-factory.service';
import { DownloadClientService } from '../../integrations/download-client/download-client.service';
import { RemotePathMappingService } from '../../integrations/remote-path-mapping/remote-path-mapping.service';
import { DownloadCompletedEvent } from '../../acquisition/queue/download.events';
import { DownloadImportFailedEvent } from './import.events';
import type { StatusMessageValue, TrackedDownload } from '../../acquisition/queue/tracked-download.entity';
import { TrackedDownloadService } from '../../acquisition/queue/tracked-download.service';
import { DownloadClientConfigService } from '../../platform/settings/download-client/download-client-config.service';
import { ImportApprovedService, type ImportResult } from './import-approved.service';
import { ImportDecisionService, listMediaFiles } from './import-decision.service';
import { isApproved } from './import-decision.types';

/**
 * Completed-download handling: when a tracked download finishes (`download.completed`), its files are matched,
 * checked and imported; the tracked download ends `imported` (and leaves the client when it is configured to
 * remove completed downloads) or `importFailed` with the reasons, the source files untouched.
 */
@Injectable()
export class CompletedDownloadService {
  private readonly logger = new Logger(CompletedDownloadService.name);

  constructor(
    private readonly tracked: TrackedDownloadService,
    private readonly decisions: ImportDecisionService,
    private readonly importer: ImportApprovedService,
    private readonly history: FileHistoryService,
    private readonly clients: DownloadClientFactory,
    private readonly remotePaths: RemotePathMappingService,
    private readonly downloadClientConfig: DownloadClientConfigService,
    private readonly events: DomainEvents,
    private readonly downloadClients: DownloadClientService,
  ) {}

  @OnDomainEvent(DownloadCompletedEvent.NAME)
  async onCompleted(event: DownloadCompletedEvent): Promise<void> {
    try {
      if (!(await this.downloadClientConfig.load()).enableCompletedDownloadHandling) return;
      await this.import(await this.tracked.findById(event.init.trackedDownloadId));
    } catch (error) {
      this.logger.error(`Import of download ${event.init.downloadId} failed: ${(error as Error).message}`);
    }
  }

  /** Imports a tracked download's files; answers one result per approved file. */
  async import(download: TrackedDownload): Promise<ImportResult[]> {
    await this.tracked.setState(download.id, 'importing');
    const client = await this.downloadClients.find(download.downloadClientId);
    const host = typeof client?.settings.host === 'string' ? client.settings.host : undefined;
    const outputPath =
      download.outputPath && host
        ? await this.remotePaths.remoteToLocal(host, download.outputPath)
        : download.outputPath;
    if (!outputPath || !(await stat(outputPath).catch(() => null))) {
      await this.fail(download, [`Download folder '${outputPath ?? ''}' does not exist or is not accessible`]);
      return [];
    }
    const files = await listMediaFiles(outputPath);
    if (files.length === 0) {
      await this.fail(download, ['No book files were found in the download folder']);
      return [];
    }
    const decisions = await this.decisions.decide(files, { authorId: download.authorId, bookIds: download.bookIds });
    const approved = decisions.filter(isApproved);
    const results = approved.length
      ? await this.importer.import(approved, {
          downloadId: download.downloadId,
          downloadClient: client?.name,
          title: download.title,
          releaseGroup: download.release?.releaseGroup ?? null,
          indexer: download.indexer,
          protocol: download.protocol,
          mode: 'auto',
        })
      : [];
    const imported = results.filter((result) => result.imported);
    const importedBooks = new Set(imported.map((result) => result.decision.book!.bookId));
    const complete =
      imported.length > 0 && (download.bookIds.length === 0 || download.bookIds.every((id) => importedBooks.has(id)));
    const messages = [
      ...decisions
        .filter((d) => !isApproved(d))
        .map((d) => `${d.path}: ${d.rejections.map((r) => r.reason).join('; ')}`),
      ...results.filter((r) => !r.imported).map((r) => `${r.decision.path}: ${r.error}`),
    ];
    if (!complete) {
      await this.fail(download, messages.length ? messages : ['Not every book of the download was imported']);
      return results;
    }
    await this.tracked.setState(download.id, 'imported', messages.length ? [{ title: download.title, messages }] : []);
    for (const bookId of importedBooks)
      await this.history.record({
        eventType: 'downloadImported',
        authorId: imported[0].decision.book!.authorId,
        bookId,
        sourceTitle: download.title,
        quality: download.quality,
        downloadId: download.downloadId,
        data: { downloadClient: client?.name, downloadClientName: client?.name },
      });
    if (client && client.options?.removeCompletedDownloads !== false) await this.removeFromClient(download);
    return results;
  }

  private async removeFromClient(download: TrackedDownload): Promise<void> {
    try {
      const client = await this.clients.client(download.downloadClientId);
      const item = (await client.getItems()).find(
        (candidate) => candidate.downloadId.toUpperCase() === download.downloadId.toUpperCase(),
      );
      // Readarr: only once the client allows it (a torrent that is still seeding stays until it is done).
      if (!item?.canBeRemoved) return;
      await client.removeItem(download.downloadId, true);
    } catch (error) {
      this.logger.warn(`Could not remove ${download.downloadId} from its client: ${(error as Error).message}`);
    }
  }

  private async fail(download: TrackedDownload, messages: string[]): Promise<void> {
    const statusMessages: StatusMessageValue[] = [{ title: download.title, messages }];
    await this.tracked.setState(download.id, 'importFailed', statusMessages);
    this.events.emit(
      DownloadImportFailedEvent.NAME,
      new DownloadImportFailedEvent({
        trackedDownloadId: download.id,
        downloadId: download.downloadId,
        title: download.title,
        authorId: download.authorId,
        bookIds: download.bookIds,
        messages,
      }),
    );
    if (download.authorId === null) return;
    for (const bookId of download.bookIds.length ? download.bookIds : [null])
      await this.history.record({
        eventType: 'bookImportIncomplete',
        authorId: download.authorId,
        bookId,
        sourceTitle: download.title,
        quality: download.quality,
        downloadId: download.downloadId,
        data: { statusMessages: JSON.stringify(statusMessages), message: messages.join('; ') },
      });
  }
}
