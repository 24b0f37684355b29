import { writeFileSync } from 'node:fs';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';
import { READARR_SCHEMA, READARR_VERSIONS } from '../fixtures/readarr/readarr-schema';

/** Readarr writes its JSON columns with System.Text.Json: camelCase, indented by two spaces. */
const json = (value: unknown) => JSON.stringify(value, null, 2);
/** Readarr's DATETIME text. */
const date = (value: Date | string) =>
  (typeof value === 'string' ? new Date(value) : value).toISOString().replace('T', ' ').replace('Z', '0000Z');

const EBOOK_ITEMS = [0, 1, 2, 3, 4, 13, 10, 12, 11].map((quality) => ({
  quality,
  items: [],
  allowed: [2, 3, 4].includes(quality),
}));
const SPOKEN_ITEMS = [0, 1, 2, 3, 4, 13, 10, 12, 11].map((quality) => ({
  quality,
  items: [],
  allowed: [13, 10, 12, 11].includes(quality),
}));

export interface EditionInput {
  foreignEditionId: string;
  title?: string;
  isbn13?: string | null;
  asin?: string | null;
  isEbook?: boolean;
  format?: string;
  monitored?: boolean;
}

export interface BookFileInput {
  path: string;
  size?: number;
  quality: number;
  part?: number;
  mediaInfo?: Record<string, unknown>;
}

/**
 * Builds a readarr.db with sql.js from Readarr's final schema, the way Readarr fills it (first-start rows:
 * default profiles, naming row, the global delay profile), for migration tests and the bench.
 */
export class ReadarrDbBuilder {
  private constructor(readonly db: Database) {}

  static async create(options: { versions?: number[] } = {}): Promise<ReadarrDbBuilder> {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    for (const statement of READARR_SCHEMA) db.run(statement);
    const builder = new ReadarrDbBuilder(db);
    for (const version of options.versions ?? READARR_VERSIONS)
      builder.insert('VersionInfo', { Version: version, AppliedOn: '2025-06-10T09:00:00', Description: `m${version}` });
    builder.insert('DelayProfiles', {
      EnableUsenet: 1,
      EnableTorrent: 1,
      PreferredProtocol: 1,
      UsenetDelay: 0,
      TorrentDelay: 0,
      Order: 2147483647,
      Tags: '[]',
      BypassIfHighestQuality: 1,
      BypassIfAboveCustomFormatScore: 0,
      MinimumCustomFormatScore: null,
    });
    builder.qualityProfile('eBook', 2, EBOOK_ITEMS);
    builder.qualityProfile('Spoken', 10, SPOKEN_ITEMS);
    builder.insert('MetadataProfiles', {
      Name: 'Standard',
      MinPopularity: 350,
      SkipMissingDate: 1,
      SkipMissingIsbn: 0,
      SkipPartsAndSets: 1,
      SkipSeriesSecondary: 0,
      AllowedLanguages: 'eng, null',
      MinPages: 0,
      Ignored: '[]',
    });
    builder.insert('MetadataProfiles', {
      Name: 'None',
      MinPopularity: 1e10,
      SkipMissingDate: 1,
      SkipMissingIsbn: 1,
      SkipPartsAndSets: 1,
      SkipSeriesSecondary: 1,
      AllowedLanguages: null,
      MinPages: 0,
      Ignored: '[]',
    });
    builder.insert('NamingConfig', {
      ReplaceIllegalCharacters: 1,
      AuthorFolderFormat: '{Author Name}',
      RenameBooks: 0,
      StandardBookFormat: '{Book Title}/{Author Name} - {Book Title}{ (PartNumber)}',
      ColonReplacementFormat: 4,
    });
    return builder;
  }

  insert(table: string, row: Record<string, SqlValue | undefined>): number {
    const columns = Object.keys(row).filter((column) => row[column] !== undefined);
    this.db.run(
      `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      columns.map((column) => row[column] as SqlValue),
    );
    return Number(this.db.exec('SELECT last_insert_rowid()')[0].values[0][0]);
  }

  qualityProfile(name: string, cutoff: number, items: unknown[]): number {
    return this.insert('QualityProfiles', {
      Name: name,
      Cutoff: cutoff,
      Items: json(items),
      UpgradeAllowed: 0,
      FormatItems: '[]',
      MinFormatScore: 0,
      CutoffFormatScore: 0,
    });
  }

  tag(label: string): number {
    return this.insert('Tags', { Label: label });
  }

  config(key: string, value: string): void {
    this.insert('Config', { Key: key, Value: value });
  }

  rootFolder(path: string, name: string, qualityProfileId = 1, metadataProfileId = 1): number {
    return this.insert('RootFolders', {
      Path: path,
      Name: name,
      DefaultMetadataProfileId: metadataProfileId,
      DefaultQualityProfileId: qualityProfileId,
      DefaultMonitorOption: 0,
      DefaultTags: '[]',
      IsCalibreLibrary: 0,
      DefaultNewItemMonitorOption: 0,
    });
  }

  author(input: {
    foreignAuthorId: string;
    name: string;
    path: string;
    monitored?: boolean;
    qualityProfileId?: number;
    metadataProfileId?: number;
    tags?: number[];
    links?: { url: string; name: string }[];
  }): { authorId: number; metadataId: number } {
    const metadataId = this.insert('AuthorMetadata', {
      ForeignAuthorId: input.foreignAuthorId,
      TitleSlug: input.foreignAuthorId,
      Name: input.name,
      Status: 0,
      Images: '[]',
      Links: json(
        input.links ?? [{ url: `https://www.goodreads.com/author/show/${input.foreignAuthorId}`, name: 'Goodreads' }],
      ),
      Genres: '[]',
      Ratings: json({ votes: 10, value: 4.2, popularity: 42 }),
      Aliases: '[]',
      SortName: input.name.toLowerCase(),
      NameLastFirst: input.name,
      SortNameLastFirst: input.name.toLowerCase(),
    });
    const authorId = this.insert('Authors', {
      CleanName: input.name.toLowerCase().replace(/[^a-z0-9]/g, ''),
      Path: input.path,
      Monitored: input.monitored === false ? 0 : 1,
      QualityProfileId: input.qualityProfileId ?? 1,
      Tags: json(input.tags ?? []),
      Added: date('2021-05-01T10:00:00Z'),
      MetadataProfileId: input.metadataProfileId ?? 1,
      AuthorMetadataId: metadataId,
      MonitorNewItems: 0,
    });
    return { authorId, metadataId };
  }

  book(
    metadataId: number,
    input: { foreignBookId: string; title: string; monitored?: boolean },
    editions: EditionInput[],
  ): { bookId: number; editionIds: number[] } {
    const bookId = this.insert('Books', {
      AuthorMetadataId: metadataId,
      ForeignBookId: input.foreignBookId,
      TitleSlug: input.foreignBookId,
      Title: input.title,
      ReleaseDate: date('1990-01-01T00:00:00Z'),
      Links: '[]',
      Genres: '[]',
      Ratings: json({ votes: 5, value: 4, popularity: 20 }),
      CleanTitle: input.title.toLowerCase().replace(/[^a-z0-9]/g, ''),
      Monitored: input.monitored === false ? 0 : 1,
      AnyEditionOk: 1,
      Added: date('2021-05-01T10:00:00Z'),
      RelatedBooks: '[]',
    });
    const editionIds = editions.map((edition, index) =>
      this.insert('Editions', {
        BookId: bookId,
        ForeignEditionId: edition.foreignEditionId,
        Isbn13: edition.isbn13 ?? null,
        Asin: edition.asin ?? null,
        Title: edition.title ?? input.title,
        TitleSlug: edition.foreignEditionId,
        Language: 'eng',
        Format: edition.format ?? 'Paperback',
        IsEbook: edition.isEbook ? 1 : 0,
        PageCount: 300,
        Images: '[]',
        Links: '[]',
        Ratings: json({ votes: 1, value: 4, popularity: 4 }),
        Monitored: (edition.monitored ?? index === 0) ? 1 : 0,
        ManualAdd: 0,
      }),
    );
    return { bookId, editionIds };
  }

  bookFile(editionId: number, input: BookFileInput): number {
    return this.insert('BookFiles', {
      EditionId: editionId,
      CalibreId: 0,
      Quality: json({ quality: input.quality, revision: { version: 1, real: 0, isRepack: false } }),
      Size: input.size ?? 1000,
      DateAdded: date('2022-01-01T00:00:00Z'),
      MediaInfo: input.mediaInfo ? json(input.mediaInfo) : null,
      Modified: date('2022-01-01T00:00:00Z'),
      Path: input.path,
      Part: input.part ?? 1,
      IndexerFlags: 0,
    });
  }

  provider(
    table: 'Indexers' | 'DownloadClients' | 'Notifications' | 'ImportLists',
    row: Record<string, SqlValue>,
  ): number {
    return this.insert(table, row);
  }

  toBuffer(): Buffer {
    return Buffer.from(this.db.export());
  }

  write(path: string): string {
    writeFileSync(path, this.toBuffer());
    return path;
  }

  close(): void {
    this.db.close();
  }
}

export { date as readarrDate, json as readarrJson };
