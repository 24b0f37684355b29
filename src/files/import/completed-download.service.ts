import { Injectable } from '@nestjs/common';
import type { TrackedDownload } from '../../acquisition/queue/tracked-download.entity';
import { TrackedDownloadService } from '../../acquisition/queue/tracked-download.service';
import { DownloadFolderLocator } from './download-folder-locator';
import { ImportApprovedService, type ImportResult } from './import-approved.service';
import { ImportDecisionService, listMediaFiles } from './import-decision.service';
import { isApproved } from './import-decision.types';
import { ImportFailureRecorder } from './import-failure-recorder';
import { ImportSuccessRecorder } from './import-success-recorder';

/**
 * Importing a completed download: its files are matched, checked and imported; the tracked download ends
 * `imported` (and leaves the client when it is configured to remove completed downloads) or `importFailed` with
 * the reasons, the source files untouched. A download with no folder or no book file yet stays `importPending`.
 */
@Injectable()
export class CompletedDownloadService {
  constructor(
    private readonly tracked: TrackedDownloadService,
    private readonly folders: DownloadFolderLocator,
    private readonly decisions: ImportDecisionService,
    private readonly importer: ImportApprovedService,
    private readonly succeeded: ImportSuccessRecorder,
    private readonly failed: ImportFailureRecorder,
  ) {}

  /** Imports a tracked download's files; answers one result per approved file. */
  async import(download: TrackedDownload): Promise<ImportResult[]> {
    await this.tracked.setState(download.id, 'importing');
    const { client, outputPath, accessible } = await this.folders.locate(download);
    if (!outputPath || !accessible) {
      await this.wait(download, `Download folder '${outputPath ?? ''}' does not exist or is not accessible`);
      return [];
    }
    const files = await listMediaFiles(outputPath);
    if (files.length === 0) {
      await this.wait(download, 'No book files were found in the download folder');
      return [];
    }
    const decisions = await this.decisions.decide(files, { authorId: download.authorId, bookIds: download.bookIds });
    const approved = decisions.filter(isApproved);
    // Only passing reasons (files still being unpacked, not enough free space): the next refresh tries again.
    if (approved.length === 0 && decisions.every((d) => d.rejections.every((r) => r.type === 'temporary'))) {
      const reasons = [...new Set(decisions.flatMap((d) => d.rejections.map((r) => r.reason)))];
      await this.wait(download, reasons.join('; ') || 'No book files were found in the download folder');
      return [];
    }
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
      await this.failed.record(download, messages.length ? messages : ['Not every book of the download was imported']);
      return results;
    }
    await this.succeeded.record(
      download,
      client,
      { authorId: imported[0].decision.book!.authorId, bookIds: importedBooks },
      messages,
    );
    return results;
  }

  /**
   * Nothing to import yet (Readarr keeps such a download ImportPending with a warning): the folder may still be
   * moving into place or its files still being written, so the next refresh tries again.
   */
  private async wait(download: TrackedDownload, message: string): Promise<void> {
    await this.tracked.setState(download.id, 'importPending', [{ title: download.title, messages: [message] }]);
  }
}
