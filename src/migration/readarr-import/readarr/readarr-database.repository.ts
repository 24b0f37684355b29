import initSqlJs, { type Database, type SqlValue } from 'sql.js';

export type ReadarrRow = Record<string, SqlValue>;

/** Why a file cannot be migrated from; the service turns it into a 400 before anything is written. */
export class UnreadableSourceError extends Error {}

/** The tables a database must have to be taken for a Readarr (or fork) library. */
const REQUIRED_TABLES = ['VersionInfo', 'AuthorMetadata', 'Authors', 'Books', 'Editions', 'BookFiles', 'RootFolders'];
const SQLITE_HEADER = 'SQLite format 3\0';
/** The AuthorMetadataIds of the library's authors (an author row without its metadata is not migrated). */
const LIBRARY_METADATA_IDS =
  'SELECT a."AuthorMetadataId" FROM "Authors" a JOIN "AuthorMetadata" m ON m."Id" = a."AuthorMetadataId"';

let sqlJs: ReturnType<typeof initSqlJs> | undefined;

/**
 * A readarr.db opened read-only in memory with sql.js (SQLite compiled to WebAssembly: no native build).
 * Columns are read by name, so databases whose columns were reordered by years of migrations, or forks that
 * added columns and tables, read the same.
 */
export class ReadarrDatabase {
  private constructor(
    private readonly db: Database,
    readonly tables: ReadonlySet<string>,
  ) {}

  /** Opens and checks the file: an SQLite database, intact, with Readarr's tables. */
  static async open(bytes: Uint8Array): Promise<ReadarrDatabase> {
    if (bytes.length < 100 || Buffer.from(bytes.subarray(0, 16)).toString('latin1') !== SQLITE_HEADER)
      throw new UnreadableSourceError('The file is not an SQLite database (readarr.db) nor a Readarr backup zip');
    sqlJs ??= initSqlJs();
    const SQL = await sqlJs;
    let db: Database | undefined;
    try {
      db = new SQL.Database(bytes);
      const pageSize = new DataView(bytes.buffer, bytes.byteOffset).getUint16(16);
      const pages = new DataView(bytes.buffer, bytes.byteOffset).getUint32(28);
      const declared = (pageSize === 1 ? 65_536 : pageSize) * pages;
      if (pages > 0 && declared > bytes.length)
        throw new UnreadableSourceError(`The database is truncated (${bytes.length} of ${declared} bytes)`);
      const check = db.exec('PRAGMA quick_check(1)')[0]?.values[0]?.[0];
      if (check !== 'ok') throw new UnreadableSourceError(`The database is damaged: ${String(check)}`);
      const tables = new Set(
        (db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values ?? []).map((row) => String(row[0])),
      );
      const missing = REQUIRED_TABLES.filter((table) => !tables.has(table));
      if (missing.length)
        throw new UnreadableSourceError(`Not a Readarr database: table(s) ${missing.join(', ')} missing`);
      return new ReadarrDatabase(db, tables);
    } catch (error) {
      db?.close();
      if (error instanceof UnreadableSourceError) throw error;
      throw new UnreadableSourceError(`The database cannot be read: ${(error as Error).message}`);
    }
  }

  has(table: string): boolean {
    return this.tables.has(table);
  }

  /** Every row of a table (absent table: none), as objects keyed by column name. */
  *rows(table: string, orderBy = 'Id'): Generator<ReadarrRow> {
    if (!this.has(table)) return;
    const columns = this.columns(table);
    const order = columns.includes(orderBy) ? ` ORDER BY "${orderBy}"` : '';
    yield* this.select(`SELECT * FROM "${table}"${order}`);
  }

  /**
   * The rows of `table` whose `column` is one of `ids`, by Id (one bound JSON array, so any number of ids).
   * Readarr indexes the columns the migration asks by (Books.AuthorMetadataId, Editions.BookId,
   * BookFiles.EditionId).
   */
  *rowsWhereIn(table: string, column: string, ids: readonly number[]): Generator<ReadarrRow> {
    if (!this.has(table) || !ids.length) return;
    yield* this.select(`SELECT * FROM "${table}" WHERE "${column}" IN (SELECT value FROM json_each(?)) ORDER BY "Id"`, [
      JSON.stringify(ids),
    ]);
  }

  /** Readarr's book count per AuthorMetadataId: how the migration cuts the library into chunks. */
  bookCountsByAuthorMetadata(): Map<number, number> {
    return new Map(
      [...this.select('SELECT "AuthorMetadataId" AS id, count(*) AS n FROM "Books" GROUP BY "AuthorMetadataId"')].map(
        (row) => [Number(row.id), Number(row.n)],
      ),
    );
  }

  /** Books whose AuthorMetadataId names no author (with metadata) of the library. */
  booksWithoutAuthor(): Generator<ReadarrRow> {
    return this
      .select(`SELECT * FROM "Books" WHERE "AuthorMetadataId" IS NULL OR "AuthorMetadataId" NOT IN (${LIBRARY_METADATA_IDS})
       ORDER BY "Id"`);
  }

  /** Files whose edition is not an edition of a book of an author of the library. */
  filesWithoutLibraryBook(): Generator<ReadarrRow> {
    return this.select(
      `SELECT * FROM "BookFiles" WHERE "EditionId" IS NULL OR "EditionId" NOT IN (
         SELECT e."Id" FROM "Editions" e JOIN "Books" b ON b."Id" = e."BookId"
         WHERE b."AuthorMetadataId" IN (${LIBRARY_METADATA_IDS})) ORDER BY "Id"`,
    );
  }

  private *select(sql: string, params: SqlValue[] = []): Generator<ReadarrRow> {
    const statement = this.db.prepare(sql, params);
    try {
      while (statement.step()) yield statement.getAsObject();
    } finally {
      statement.free();
    }
  }

  all(table: string): ReadarrRow[] {
    return [...this.rows(table)];
  }

  count(table: string): number {
    if (!this.has(table)) return 0;
    return Number(this.db.exec(`SELECT count(*) FROM "${table}"`)[0].values[0][0]);
  }

  columns(table: string): string[] {
    return (this.db.exec(`PRAGMA table_info("${table}")`)[0]?.values ?? []).map((row) => String(row[1]));
  }

  close(): void {
    this.db.close();
  }
}
