import type { LinkValue, RatingsValue } from '../../author/catalogue-values';
import type { ReadarrDatabase } from './readarr-database.repository';
import {
  enumName,
  NEW_ITEM_MONITOR,
  readBool,
  readDate,
  readIds,
  readInt,
  readJson,
  readQuality,
  readStrings,
  readText,
  type ReadarrQuality,
} from './readarr-values';

export interface RAuthor {
  id: number;
  metadataId: number;
  foreignAuthorId: string;
  name: string;
  sortName: string | null;
  nameLastFirst: string | null;
  sortNameLastFirst: string | null;
  overview: string | null;
  disambiguation: string | null;
  status: 'continuing' | 'ended';
  links: LinkValue[];
  genres: string[];
  aliases: string[];
  ratings: RatingsValue;
  path: string;
  monitored: boolean;
  monitorNewItems: 'all' | 'none' | 'new';
  qualityProfileId: number;
  metadataProfileId: number;
  tags: number[];
  added: Date | null;
}

export interface RBook {
  id: number;
  authorMetadataId: number;
  foreignBookId: string;
  title: string;
  releaseDate: Date | null;
  links: LinkValue[];
  genres: string[];
  ratings: RatingsValue;
  monitored: boolean;
  anyEditionOk: boolean;
  added: Date | null;
  lastSearchTime: Date | null;
}

export interface REdition {
  id: number;
  bookId: number;
  foreignEditionId: string;
  isbn13: string | null;
  asin: string | null;
  title: string;
  language: string | null;
  overview: string | null;
  format: string | null;
  isEbook: boolean;
  disambiguation: string | null;
  publisher: string | null;
  pageCount: number;
  releaseDate: Date | null;
  links: LinkValue[];
  ratings: RatingsValue;
  monitored: boolean;
  manualAdd: boolean;
}

export interface RBookFile {
  id: number;
  editionId: number;
  path: string;
  size: number;
  quality: ReadarrQuality;
  mediaInfo: Record<string, unknown> | null;
  calibreId: number;
  sceneName: string | null;
  releaseGroup: string | null;
  originalFilePath: string | null;
  dateAdded: Date | null;
  modified: Date | null;
  part: number;
  indexerFlags: number;
}

function ratings(value: unknown): RatingsValue {
  const parsed = readJson<Partial<RatingsValue>>(value as string, {});
  return {
    votes: Number(parsed.votes ?? 0),
    value: Number(parsed.value ?? 0),
    popularity: Number(parsed.popularity ?? 0),
  };
}

/** The library part of a readarr.db: authors (joined with their metadata), books, editions and files. */
export function readAuthors(db: ReadarrDatabase): RAuthor[] {
  const metadata = new Map(db.all('AuthorMetadata').map((row) => [readInt(row.Id), row]));
  const authors: RAuthor[] = [];
  for (const row of db.rows('Authors')) {
    const meta = metadata.get(readInt(row.AuthorMetadataId));
    if (!meta) continue;
    authors.push({
      id: readInt(row.Id),
      metadataId: readInt(row.AuthorMetadataId),
      foreignAuthorId: String(meta.ForeignAuthorId),
      name: String(meta.Name ?? ''),
      sortName: readText(meta.SortName),
      nameLastFirst: readText(meta.NameLastFirst),
      sortNameLastFirst: readText(meta.SortNameLastFirst),
      overview: readText(meta.Overview),
      disambiguation: readText(meta.Disambiguation),
      status: readInt(meta.Status) === 1 ? 'ended' : 'continuing',
      links: readJson<LinkValue[]>(meta.Links, []),
      genres: readStrings(meta.Genres),
      aliases: readStrings(meta.Aliases),
      ratings: ratings(meta.Ratings),
      path: String(row.Path ?? '').replace(/[\\/]+$/, ''),
      monitored: readBool(row.Monitored),
      monitorNewItems: enumName(NEW_ITEM_MONITOR, row.MonitorNewItems),
      qualityProfileId: readInt(row.QualityProfileId),
      metadataProfileId: readInt(row.MetadataProfileId),
      tags: readIds(row.Tags),
      added: readDate(row.Added),
    });
  }
  return authors;
}

export function readBooks(db: ReadarrDatabase): RBook[] {
  const books: RBook[] = [];
  for (const row of db.rows('Books'))
    books.push({
      id: readInt(row.Id),
      authorMetadataId: readInt(row.AuthorMetadataId),
      foreignBookId: String(row.ForeignBookId),
      title: String(row.Title ?? ''),
      releaseDate: readDate(row.ReleaseDate),
      links: readJson<LinkValue[]>(row.Links, []),
      genres: readStrings(row.Genres),
      ratings: ratings(row.Ratings),
      monitored: readBool(row.Monitored),
      anyEditionOk: readBool(row.AnyEditionOk, true),
      added: readDate(row.Added),
      lastSearchTime: readDate(row.LastSearchTime),
    });
  return books;
}

export function readEditions(db: ReadarrDatabase): Map<number, REdition[]> {
  const byBook = new Map<number, REdition[]>();
  for (const row of db.rows('Editions')) {
    const edition: REdition = {
      id: readInt(row.Id),
      bookId: readInt(row.BookId),
      foreignEditionId: String(row.ForeignEditionId),
      isbn13: readText(row.Isbn13)?.replace(/[^0-9Xx]/g, '') || null,
      asin: readText(row.Asin)?.trim() || null,
      title: String(row.Title ?? ''),
      language: readText(row.Language),
      overview: readText(row.Overview),
      format: readText(row.Format),
      isEbook: readBool(row.IsEbook),
      disambiguation: readText(row.Disambiguation),
      publisher: readText(row.Publisher),
      pageCount: readInt(row.PageCount),
      releaseDate: readDate(row.ReleaseDate),
      links: readJson<LinkValue[]>(row.Links, []),
      ratings: ratings(row.Ratings),
      monitored: readBool(row.Monitored),
      manualAdd: readBool(row.ManualAdd),
    };
    const list = byBook.get(edition.bookId);
    if (list) list.push(edition);
    else byBook.set(edition.bookId, [edition]);
  }
  return byBook;
}

export function readBookFiles(db: ReadarrDatabase): RBookFile[] {
  const files: RBookFile[] = [];
  for (const row of db.rows('BookFiles'))
    files.push({
      id: readInt(row.Id),
      editionId: readInt(row.EditionId),
      path: String(row.Path ?? ''),
      size: readInt(row.Size),
      quality: readQuality(row.Quality),
      mediaInfo: readJson<Record<string, unknown> | null>(row.MediaInfo, null),
      calibreId: readInt(row.CalibreId),
      sceneName: readText(row.SceneName),
      releaseGroup: readText(row.ReleaseGroup),
      originalFilePath: readText(row.OriginalFilePath),
      dateAdded: readDate(row.DateAdded),
      modified: readDate(row.Modified),
      part: readInt(row.Part, 1) || 1,
      indexerFlags: readInt(row.IndexerFlags),
    });
  return files;
}
