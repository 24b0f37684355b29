import { Injectable } from '@nestjs/common';
import { basename, extname } from 'node:path';
import { AuthorQueryService } from '../../library/author/author-query.service';
import { qualityWeight } from '../../library/book-file/book-file.mapper';
import { BookQueryService } from '../../library/book/book-query.service';
import { BadRequestError, NotFoundError } from '../../platform/common/errors/domain-errors';
import { safePath } from '../filesystem/safe-path';
import { qualityWire } from '../../library/profile/quality/quality';
import { TrackedDownloadService } from '../../acquisition/queue/tracked-download.service';
import { normalise } from '../../platform/common/text/similarity';
import { ImportApprovedService } from './import-approved.service';
import type { ImportModeName } from './import-source';
import { ImportDecisionService, listMediaFiles } from './import-decision.service';
import { type DecisionHints, type ImportDecision, isApproved } from './import-decision.types';
import type { ManualImportQuery, ManualImportResource, ManualImportUpdateResource } from './manual-import.resource';

function timespan(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds)) return undefined;
  const total = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** The file's own tags in Readarr's ParsedTrackInfo shape. */
function parsedTrackInfo(decision: ImportDecision, revision: { version: number; real: number; isRepack: boolean }) {
  const tags = decision.info.tags!;
  const media = decision.info.mediaInfo;
  return {
    ...tags,
    cleanTitle: tags.title ? normalise(tags.title) : undefined,
    authorTitle: tags.authors[0],
    label: tags.publisher,
    duration: timespan(media?.duration),
    quality: { quality: qualityWire(decision.qualityId), revision },
    mediaInfo: media
      ? {
          audioChannels: media.audioChannels,
          audioBitRate: media.audioBitRate,
          audioCodec: media.audioCodec,
          audioBits: media.audioBits,
          audioSampleRate: media.audioSampleRate,
        }
      : undefined,
  };
}

export interface ManualImportFile {
  path: string;
  authorId?: number;
  bookId?: number;
  foreignEditionId?: string;
  quality?: { quality?: { id?: number } };
  downloadId?: string;
}

/** `GET/POST /manualimport` proposals and the `ManualImport` command's import. */
@Injectable()
export class ManualImportService {
  constructor(
    private readonly decisions: ImportDecisionService,
    private readonly importer: ImportApprovedService,
    private readonly tracked: TrackedDownloadService,
    private readonly authors: AuthorQueryService,
    private readonly books: BookQueryService,
  ) {}

  async propose(query: ManualImportQuery): Promise<ManualImportResource[]> {
    let folder: string;
    const hints: DecisionHints = {
      authorId: query.authorId,
      filterExistingFiles: query.filterExistingFiles ?? true,
      replaceExistingFiles: query.replaceExistingFiles ?? true,
    };
    if (query.downloadId) {
      const [download] = await this.tracked.findByDownloadId(query.downloadId);
      if (!download?.outputPath) throw new NotFoundError(`Download ${query.downloadId} not found`);
      folder = safePath(download.outputPath, 'downloadId');
      hints.authorId = hints.authorId ?? download.authorId;
      hints.bookIds = download.bookIds;
    } else if (query.folder !== undefined) folder = safePath(query.folder, 'folder');
    else throw new BadRequestError('BadRequest: folder or downloadId is required');
    const files = await listMediaFiles(folder).catch(() => {
      throw new NotFoundError(`Folder '${folder}' does not exist`);
    });
    const decisions = await this.decisions.decide(files, hints);
    return this.resources(decisions, query.downloadId, hints.replaceExistingFiles ?? true);
  }

  /** POST: re-evaluates the items the user edited (author/book/edition/quality chosen by hand). */
  async reevaluate(items: ManualImportUpdateResource[]): Promise<ManualImportResource[]> {
    const files = items.map((item) => ({ ...item, path: safePath(item.path) }));
    const decisions = await this.decisions.decide(
      files.map((item) => item.path),
      { overrides: this.overrides(files), replaceExistingFiles: files.some((f) => f.replaceExistingFiles) },
    );
    return this.resources(
      decisions,
      files[0]?.downloadId,
      files.some((f) => f.replaceExistingFiles === true),
    );
  }

  /** The ManualImport command: imports the chosen files that pass the checks; answers how many. */
  async importFiles(
    files: ManualImportFile[],
    mode: ImportModeName,
    replaceExistingFiles: boolean,
  ): Promise<{ imported: number; rejected: string[] }> {
    const chosen = files.map((file) => ({ ...file, path: safePath(file.path) }));
    const decisions = await this.decisions.decide(
      chosen.map((file) => file.path),
      { overrides: this.overrides(chosen), replaceExistingFiles },
    );
    const approved = decisions.filter(isApproved);
    const downloadId = chosen.find((file) => file.downloadId)?.downloadId;
    const [download] = downloadId ? await this.tracked.findByDownloadId(downloadId) : [];
    const results = await this.importer.import(approved, {
      downloadId,
      title: download?.title,
      protocol: download?.protocol,
      releaseGroup: download?.release?.releaseGroup ?? null,
      mode,
    });
    if (download && results.some((result) => result.imported)) await this.tracked.setState(download.id, 'imported', []);
    return {
      imported: results.filter((result) => result.imported).length,
      rejected: [
        ...decisions
          .filter((d) => !isApproved(d))
          .map((d) => `${d.path}: ${d.rejections.map((r) => r.reason).join('; ')}`),
        ...results.filter((r) => !r.imported).map((r) => `${r.decision.path}: ${r.error}`),
      ],
    };
  }

  private overrides(files: ManualImportFile[]): DecisionHints['overrides'] {
    return new Map(
      files.map((file) => [
        file.path,
        {
          authorId: file.authorId,
          bookId: file.bookId,
          foreignEditionId: file.foreignEditionId,
          qualityId: file.quality?.quality?.id,
        },
      ]),
    );
  }

  private async resources(
    decisions: ImportDecision[],
    downloadId: string | undefined,
    replaceExistingFiles: boolean,
  ): Promise<ManualImportResource[]> {
    const authorIds = [...new Set(decisions.flatMap((d) => (d.book ? [d.book.authorId] : [])))];
    const bookIds = [...new Set(decisions.flatMap((d) => (d.book ? [d.book.bookId] : [])))];
    const [authors, books] = await Promise.all([
      authorIds.length ? this.authors.resources(authorIds) : [],
      bookIds.length ? this.books.byIds(bookIds) : [],
    ]);
    const authorById = new Map(authors.map((author) => [author.id, author]));
    const bookById = new Map(books.map((book) => [book.id, book]));
    return decisions.map((decision, index) => {
      const revision = { version: 1, real: 0, isRepack: false };
      const edition = decision.book?.editions.find((e) => e.id === decision.editionId);
      const tags = decision.info.tags;
      return {
        id: index + 1,
        path: decision.path,
        name: basename(decision.path, extname(decision.path)),
        size: decision.size,
        author: decision.book ? authorById.get(decision.book.authorId) : undefined,
        book: decision.book ? bookById.get(decision.book.bookId) : undefined,
        foreignEditionId: edition?.foreignEditionId,
        quality: { quality: qualityWire(decision.qualityId), revision },
        qualityWeight: qualityWeight(decision.qualityId, revision),
        downloadId,
        indexerFlags: 0,
        rejections: decision.rejections,
        audioTags: tags ? parsedTrackInfo(decision, revision) : undefined,
        additionalFile: false,
        replaceExistingFiles,
        disableReleaseSwitching: false,
      };
    });
  }
}
