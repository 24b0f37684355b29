import { Injectable } from '@nestjs/common';
import { opendir, stat, statfs } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { MediaFileReader } from '../../library/media-file/media-file-reader.service';
import { isMediaFile, looksLikeSample } from '../../library/media-file/media-extensions';
import { qualityById, qualityRank } from '../../library/profile/quality/quality';
import type { QualityProfile } from '../../library/profile/quality-profile/quality-profile.entity';
import { QualityProfileService } from '../../library/profile/quality-profile/quality-profile.service';
import { DownloadClientConfigService } from '../../platform/settings/download-client/download-client-config.service';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import type { MediaFileInfo } from '../../library/media-file/media-file.types';
import { containment, similarity } from '../../platform/common/text/similarity';
import { scoreMatch } from './file-match-score';
import { type CandidateBook, ImportCandidatesRepository } from './import-candidates.repository';
import { type DecisionHints, type ImportDecision, isApproved } from './import-decision.types';

const MAX_FILES = 5000;

/** Lists the book files under a download folder (or the file itself), depth-first, skipping hidden entries. */
export async function listMediaFiles(path: string): Promise<string[]> {
  const info = await stat(path);
  if (!info.isDirectory()) return isMediaFile(path) ? [path] : [];
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    const dir = await opendir(folder);
    for await (const entry of dir) {
      if (entry.name.startsWith('.') || found.length >= MAX_FILES) continue;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && isMediaFile(full)) found.push(full);
    }
  };
  await walk(path);
  return found.sort();
}

/** Whether a folder above `path` has a name starting with one of the download client's working-folder names. */
export function insideWorkingFolder(path: string, workingFolders: string[]): boolean {
  if (workingFolders.length === 0) return false;
  return dirname(path)
    .split(sep)
    .some((folder) => folder !== '' && workingFolders.some((name) => folder.startsWith(name)));
}

/** The free bytes of the file system holding `path` (or its nearest existing ancestor). */
async function freeSpace(path: string): Promise<number | undefined> {
  let current = path;
  for (let i = 0; i < 64; i++) {
    try {
      const fs = await statfs(current);
      return fs.bavail * fs.bsize;
    } catch {
      const parent = dirname(current);
      if (parent === current) return undefined;
      current = parent;
    }
  }
  return undefined;
}

/** Rank of a quality for upgrade checks: its place in the profile, else its default weight; then the revision. */
function rankOf(
  profile: QualityProfile | undefined,
  qualityId: number,
  revision?: { real?: number; version?: number },
) {
  const inProfile = profile ? qualityRank(profile.items, qualityId) : -1;
  const base = inProfile >= 0 ? inProfile * 1000 : (qualityById(qualityId)?.weight ?? 0);
  return base * 100 + (revision?.real ?? 0) * 10 + (revision?.version ?? 1);
}

/**
 * Decides, file by file, which book a file is and whether it may be imported: readable, not a sample, matched
 * closely enough (the media-management `importMatchThreshold`), enough free space, and an upgrade over the
 * book's existing files of the same media kind (an ebook never blocks an audiobook, nor the reverse).
 */
@Injectable()
export class ImportDecisionService {
  constructor(
    private readonly reader: MediaFileReader,
    private readonly candidates: ImportCandidatesRepository,
    private readonly qualityProfiles: QualityProfileService,
    private readonly mediaManagement: MediaManagementConfigService,
    private readonly downloadClientConfig: DownloadClientConfigService,
  ) {}

  async decide(paths: string[], hints: DecisionHints): Promise<ImportDecision[]> {
    const [config, profiles, known, clientConfig] = await Promise.all([
      this.mediaManagement.load(),
      this.qualityProfiles.findAll(),
      this.candidates.knownPaths(paths),
      this.downloadClientConfig.load(),
    ]);
    const workingFolders = clientConfig.downloadClientWorkingFolders
      .split('|')
      .map((name) => name.trim())
      .filter(Boolean);
    const profileById = new Map(profiles.map((profile) => [profile.id, profile]));
    const infos: MediaFileInfo[] = [];
    for (const path of paths)
      if (!(hints.filterExistingFiles && known.has(path))) infos.push(await this.reader.read(path));
    const pool = await this.candidatePool(infos, hints);
    const decisions: ImportDecision[] = [];
    for (const info of infos) {
      const decision = await this.decideOne(info, hints, pool, config.importMatchThreshold);
      // Readarr's NotUnpackingSpecification: a file under a folder the download client is still working in (its
      // name starts with one of the working-folder names) waits; a file already in the library is not checked.
      if (!known.has(info.path) && insideWorkingFolder(info.path, workingFolders))
        decision.rejections.push({ reason: 'File is still being unpacked', type: 'temporary' });
      decisions.push(decision);
    }
    this.resolveGroups(decisions, profileById);
    for (const decision of decisions.filter(isApproved)) {
      const book = decision.book!;
      const kind = qualityById(decision.qualityId)?.mediaKind;
      const profile = profileById.get(book.qualityProfileId);
      const rank = rankOf(profile, decision.qualityId);
      const better = book.files.filter(
        (file) =>
          file.mediaKind === kind &&
          file.path !== decision.path &&
          rankOf(profile, file.qualityId, file.qualityRevision) >= rank,
      );
      if (better.length && !hints.replaceExistingFiles)
        decision.rejections.push({ reason: 'Not an upgrade for existing book file(s)', type: 'permanent' });
      if (!config.skipFreeSpaceCheckWhenImporting) {
        const free = await freeSpace(book.authorPath);
        const minimum = config.minimumFreeSpaceWhenImporting * 1024 * 1024;
        if (free !== undefined && free - decision.size < minimum)
          decision.rejections.push({
            reason: `Not enough free space: ${Math.round(free / 1048576)} MB free, ${config.minimumFreeSpaceWhenImporting} MB must remain`,
            type: 'temporary',
          });
      }
    }
    return decisions;
  }

  /** The books the files may be: those of the grab, of the chosen author, or of the authors the files name. */
  private async candidatePool(infos: MediaFileInfo[], hints: DecisionHints): Promise<CandidateBook[]> {
    const overrideBooks = [...(hints.overrides?.values() ?? [])].flatMap((o) => (o.bookId ? [o.bookId] : []));
    if (hints.bookIds?.length || overrideBooks.length)
      return this.candidates.byBooks([...new Set([...(hints.bookIds ?? []), ...overrideBooks])]);
    if (hints.authorId) return this.candidates.byAuthors([hints.authorId]);
    const text = infos.map((info) => `${basename(dirname(info.path))} ${basename(info.path)}`).join(' ');
    const tagAuthors = infos.flatMap((info) => info.tags?.authors ?? []);
    const authors = (await this.candidates.authors()).filter(
      (author) =>
        containment(text, author.name) >= 0.99 || tagAuthors.some((name) => similarity(name, author.name) >= 0.85),
    );
    return this.candidates.byAuthors(authors.map((author) => author.id));
  }

  private async decideOne(
    info: MediaFileInfo,
    hints: DecisionHints,
    pool: CandidateBook[],
    threshold: number,
  ): Promise<ImportDecision> {
    const path = info.path;
    const size = (await stat(path)).size;
    const override = hints.overrides?.get(path);
    const qualityId = override?.qualityId ?? info.qualityId;
    const decision: ImportDecision = { path, size, info, qualityId, part: 1, partCount: 1, rejections: [] };
    if (info.error) decision.rejections.push({ reason: info.error, type: 'permanent' });
    if (looksLikeSample(path)) decision.rejections.push({ reason: 'Sample', type: 'permanent' });
    if (override?.bookId) {
      decision.book = pool.find((book) => book.bookId === override.bookId);
      decision.matchPercent = 100;
    } else {
      let best: { book: CandidateBook; percent: number } | undefined;
      for (const book of pool) {
        const { percent } = scoreMatch(
          path,
          info.tags,
          {
            bookTitle: book.bookTitle,
            editionTitles: book.editions.map((e) => e.title),
            authorName: book.authorName,
            isbns: book.editions.flatMap((e) => (e.isbn13 ? [e.isbn13] : [])),
          },
          hints.authorId === book.authorId || Boolean(hints.bookIds?.includes(book.bookId)),
        );
        if (!best || percent > best.percent) best = { book, percent };
      }
      if (best && best.percent >= threshold) {
        decision.book = best.book;
        decision.matchPercent = best.percent;
      } else
        decision.rejections.push({
          reason: best
            ? `Book match is not close enough: ${best.percent}% < ${threshold}% (${best.book.bookTitle})`
            : `Couldn't find a similar book for ${basename(path)}`,
          type: 'permanent',
        });
    }
    if (decision.book) decision.editionId = this.edition(decision.book, info, override?.foreignEditionId);
    return decision;
  }

  private edition(
    book: CandidateBook,
    info: { mediaKind: string; tags?: { isbn?: string } },
    foreignEditionId?: string,
  ) {
    const byForeign = foreignEditionId && book.editions.find((e) => e.foreignEditionId === foreignEditionId);
    const byIsbn = info.tags?.isbn && book.editions.find((e) => e.isbn13 === info.tags!.isbn);
    const monitored = book.editions.find((e) => e.monitored);
    return (byForeign || byIsbn || monitored || book.editions[0])?.id;
  }

  /** One ebook per book and kind from one download (the best); audio files of a book become numbered parts. */
  private resolveGroups(decisions: ImportDecision[], profiles: Map<number, QualityProfile>): void {
    const groups = new Map<string, ImportDecision[]>();
    for (const decision of decisions.filter(isApproved)) {
      const key = `${decision.book!.bookId}:${qualityById(decision.qualityId)?.mediaKind}`;
      groups.set(key, [...(groups.get(key) ?? []), decision]);
    }
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      const profile = profiles.get(group[0].book!.qualityProfileId);
      if (qualityById(group[0].qualityId)?.mediaKind === 'audio') {
        const sorted = group.sort(
          (a, b) =>
            (a.info.tags?.trackNumbers?.[0] ?? 0) - (b.info.tags?.trackNumbers?.[0] ?? 0) ||
            a.path.localeCompare(b.path),
        );
        sorted.forEach((decision, index) => {
          decision.part = index + 1;
          decision.partCount = sorted.length;
        });
        continue;
      }
      const best = group.reduce((a, b) => (rankOf(profile, b.qualityId) > rankOf(profile, a.qualityId) ? b : a));
      for (const decision of group)
        if (decision !== best)
          decision.rejections.push({ reason: 'A better file of this book is in the same download', type: 'permanent' });
    }
  }
}
