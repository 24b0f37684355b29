import { Injectable, Logger } from '@nestjs/common';
import { opendir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BookFileRepository, type ScannedFile } from '../../library/book-file/book-file.repository';
import { BookFileService } from '../../library/book-file/book-file.service';
import { ImportDecisionService } from '../import/import-decision.service';
import { isMediaFile, qualityFromPath } from '../../library/media-file/media-extensions';
import { qualityById, QUALITY_IDS } from '../../library/profile/quality/quality';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { MediaFileDeletionService } from '../../library/recycle-bin/media-file-deletion.service';
import { DiskScanRepository, type ScannedAuthor } from './disk-scan.repository';

export const SCAN_BATCH = 500;
export const PROGRESS_EVERY = 1000;

export interface ScanCounts {
  folders: number;
  files: number;
  added: number;
  updated: number;
  removed: number;
  mapped: number;
  skippedFolders: string[];
}

/** Depth-first walk with `fs.opendir` (one open directory per level): memory grows with depth, not file count. */
async function* walk(folder: string, skip: (path: string) => boolean): AsyncGenerator<string> {
  const dir = await opendir(folder).catch(() => null);
  if (!dir) return;
  for await (const entry of dir) {
    if (entry.name.startsWith('.')) continue;
    const full = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!skip(full)) yield* walk(full, skip);
    } else if (entry.isFile() && isMediaFile(full)) yield full;
  }
}

/**
 * RescanFolders: walks folders streaming, upserts files in batches (new ones unmapped, then matched to a book
 * when they sit in an author's folder), removes rows of files that are gone — never for a folder that is
 * missing or unreadable (an unmounted disk must not empty the library) — and, with `deleteEmptyFolders`, the
 * author and book folders those files left empty.
 */
@Injectable()
export class DiskScanService {
  private readonly logger = new Logger(DiskScanService.name);

  constructor(
    private readonly repository: DiskScanRepository,
    private readonly bookFiles: BookFileRepository,
    private readonly decisions: ImportDecisionService,
    private readonly mediaManagement: MediaManagementConfigService,
    private readonly deletion: MediaFileDeletionService,
    private readonly bookFileService: BookFileService,
  ) {}

  /** `onNewFiles` hears the paths of the files this scan added, batch by batch. */
  async scan(
    folders: string[],
    progress: (message: string) => Promise<void>,
    onNewFiles?: (paths: string[]) => void,
  ): Promise<ScanCounts> {
    const counts: ScanCounts = {
      folders: 0,
      files: 0,
      added: 0,
      updated: 0,
      removed: 0,
      mapped: 0,
      skippedFolders: [],
    };
    const [authors, config] = await Promise.all([this.repository.authors(), this.mediaManagement.load()]);
    const recycleBin = config.recycleBin.replace(/\/+$/, '');
    for (const folder of folders) {
      const info = await stat(folder).catch(() => null);
      if (!info?.isDirectory()) {
        this.logger.warn(`Skipping '${folder}': it does not exist or is not a folder`);
        counts.skippedFolders.push(folder);
        continue;
      }
      counts.folders++;
      let batch: ScannedFile[] = [];
      const flush = async () => {
        const { inserted, updated } = await this.bookFiles.upsertScanned(batch);
        counts.added += inserted.length;
        counts.updated += updated;
        batch = [];
        onNewFiles?.(inserted.map((row) => row.path));
        counts.mapped += await this.mapNew(inserted, authors);
      };
      for await (const path of walk(folder, (dir) => Boolean(recycleBin) && dir === recycleBin)) {
        const file = await stat(path).catch(() => null);
        if (!file) continue;
        const qualityId = qualityFromPath(path) ?? QUALITY_IDS.unknownText;
        batch.push({
          path,
          size: file.size,
          modified: file.mtime,
          qualityId,
          mediaKind: qualityById(qualityId)?.mediaKind ?? 'ebook',
        });
        counts.files++;
        if (batch.length >= SCAN_BATCH) await flush();
        if (counts.files % PROGRESS_EVERY === 0) await progress(`Scanned ${counts.files} files in ${folder}`);
      }
      await flush();
      counts.removed += await this.removeMissing(folder, authors);
      // Files a scan found before their author was in the library (one added from them) get their match now.
      counts.mapped += await this.mapFoundBeforeTheirAuthor(folder, authors);
    }
    return counts;
  }

  /** Deletes rows under `folder` whose file no longer exists, checking SCAN_BATCH rows at a time. */
  private async removeMissing(folder: string, authors: ScannedAuthor[]): Promise<number> {
    let removed = 0;
    let afterId = 0;
    for (;;) {
      const rows = await this.bookFiles.findUnder(folder, afterId, SCAN_BATCH);
      if (rows.length === 0) return removed;
      afterId = rows[rows.length - 1].id;
      const missing: { id: number; path: string }[] = [];
      for (const row of rows) if (!(await stat(row.path).catch(() => null))) missing.push(row);
      // Through the book-file service: a mapped file announces its deletion (reason missingFromDisk)
      await this.bookFileService.forgetMissing(missing.map((row) => row.id));
      removed += missing.length;
      for (const row of missing) {
        const author = ownerOf(row.path, authors);
        await this.deletion.removeEmptyFolders({
          path: row.path,
          authorPath: author?.path ?? null,
          rootFolderPath: author?.rootFolderPath ?? null,
        });
      }
    }
  }

  /** Unmapped rows in authors' folders under `folder` found before the author was added, matched like new files. */
  private async mapFoundBeforeTheirAuthor(folder: string, authors: ScannedAuthor[]): Promise<number> {
    const owners = authors.map((author) => ({ path: author.path, since: author.added }));
    if (owners.length === 0) return 0;
    let mapped = 0;
    let afterId = 0;
    for (;;) {
      const rows = await this.bookFiles.findUnmappedFoundBefore(folder, owners, afterId, SCAN_BATCH);
      if (rows.length === 0) return mapped;
      afterId = rows[rows.length - 1].id;
      mapped += await this.mapNew(rows, authors);
    }
  }

  /** New files inside an author's folder are matched to that author's books (tags, then names). */
  private async mapNew(inserted: { id: number; path: string }[], authors: ScannedAuthor[]) {
    let mapped = 0;
    const byAuthor = new Map<number, { id: number; path: string }[]>();
    for (const row of inserted) {
      const author = ownerOf(row.path, authors);
      if (author) byAuthor.set(author.id, [...(byAuthor.get(author.id) ?? []), row]);
    }
    for (const [authorId, rows] of byAuthor) {
      const decisions = await this.decisions.decide(
        rows.map((row) => row.path),
        { authorId, replaceExistingFiles: true },
      );
      for (const decision of decisions) {
        const row = rows.find((r) => r.path === decision.path);
        if (row && decision.book && decision.editionId && !decision.info.error) {
          await this.bookFileService.matchScanned(row.id, decision.editionId);
          mapped++;
        }
      }
    }
    return mapped;
  }
}

function ownerOf(path: string, authors: ScannedAuthor[]): ScannedAuthor | undefined {
  return authors.find((author) => path.startsWith(`${author.path.replace(/\/+$/, '')}/`));
}
