/**
 * The large-library seed as plain SQL, so it runs unchanged on PostgreSQL (through `pg`) and on the
 * embedded PGlite. Rows are generated server-side with generate_series: bulk inserts, no round trips.
 */
export interface SeedSize {
  authors: number;
  books: number;
  bookFiles: number;
  history: number;
  tags: number;
}

export const DEFAULT_SIZE: SeedSize = { authors: 2_000, books: 100_000, bookFiles: 50_000, history: 500_000, tags: 50 };

export function scaledSize(factor: number): SeedSize {
  const scale = (n: number) => Math.max(1, Math.round(n * factor));
  return {
    authors: scale(DEFAULT_SIZE.authors),
    books: scale(DEFAULT_SIZE.books),
    bookFiles: scale(DEFAULT_SIZE.bookFiles),
    history: scale(DEFAULT_SIZE.history),
    tags: DEFAULT_SIZE.tags,
  };
}

/** Statements in order; `historyTable` is false when the history feature's table is absent. */
export function seedStatements(size: SeedSize, rootFolder: string, historyTable: boolean): string[] {
  const booksPerAuthor = Math.ceil(size.books / size.authors);
  const statements = [
    `INSERT INTO tag (label) SELECT 'tag-' || g FROM generate_series(1, ${size.tags}) g ON CONFLICT DO NOTHING`,
    `INSERT INTO root_folder (name, path, default_quality_profile_id, default_metadata_profile_id)
       SELECT 'Bench', '${rootFolder}', (SELECT min(id) FROM quality_profile), (SELECT min(id) FROM metadata_profile)
       WHERE NOT EXISTS (SELECT 1 FROM root_folder WHERE path = '${rootFolder}')`,
    `INSERT INTO author_metadata (foreign_author_id, title_slug, name, sort_name, name_last_first, sort_name_last_first, status, overview)
       SELECT 'OL' || g || 'BA', 'bench-author-' || g, 'Author ' || g || ' Benchmark', lower('Author ' || g || ' Benchmark'),
              'Benchmark, Author ' || g, lower('Benchmark, Author ' || g),
              CASE WHEN g % 5 = 0 THEN 'ended' ELSE 'continuing' END, 'An author made up for the benchmark.'
       FROM generate_series(1, ${size.authors}) g`,
    `INSERT INTO author (author_metadata_id, clean_name, monitored, path, root_folder_path, quality_profile_id, metadata_profile_id, tags, added)
       SELECT m.id, 'authorbenchmark' || m.id, (m.id % 10) <> 0, '${rootFolder}/Author ' || m.id, '${rootFolder}',
              (SELECT min(id) FROM quality_profile), (SELECT min(id) FROM metadata_profile),
              ARRAY[(SELECT min(id) FROM tag) + (m.id % ${size.tags})], now() - (m.id % 1000) * interval '1 day'
       FROM author_metadata m WHERE m.foreign_author_id LIKE 'OL%BA'`,
    `INSERT INTO book (author_id, author_metadata_id, foreign_book_id, title_slug, title, clean_title, release_date, monitored, added, genres)
       SELECT a.id, a.author_metadata_id, 'OL' || g || 'BW', 'bench-book-' || g, 'Book ' || g || ' of the Benchmark', 'book' || g || 'ofthebenchmark',
              now() - ((g * 37) % 7300) * interval '1 day' + ((g % 60)) * interval '1 day',
              (g % 4) <> 0, now() - (g % 2000) * interval '1 hour', ARRAY['Fiction']
       FROM generate_series(1, ${size.books}) g
       JOIN author a ON a.id = (SELECT min(id) FROM author) + ((g - 1) / ${booksPerAuthor})`,
    `INSERT INTO edition (book_id, foreign_edition_id, title_slug, isbn13, title, language, format, is_ebook, publisher, page_count, release_date, monitored)
       SELECT b.id, 'OL' || b.id || 'BM', b.title_slug, lpad((9780000000000 + b.id)::text, 13, '0'), b.title, 'eng', 'Paperback', true,
              'Bench House', 100 + (b.id % 500), b.release_date, true
       FROM book b WHERE b.foreign_book_id LIKE 'OL%BW'`,
    `INSERT INTO book_file (edition_id, path, size, quality_id, media_kind, date_added)
       SELECT e.id, '${rootFolder}/Author ' || b.author_id || '/' || b.title || '/' || b.title || '.epub',
              200000 + (e.id % 5000) * 100, CASE WHEN e.id % 3 = 0 THEN 2 ELSE 3 END, 'ebook', now() - (e.id % 900) * interval '1 day'
       FROM edition e JOIN book b ON b.id = e.book_id
       WHERE b.foreign_book_id LIKE 'OL%BW' AND e.id % 2 = 0
       LIMIT ${size.bookFiles}`,
  ];
  if (historyTable) {
    statements.push(
      `INSERT INTO history (book_id, author_id, source_title, quality, date, event_type, download_id, data)
         SELECT b.id, b.author_id, b.title || ' [EPUB]', '{"quality":{"id":3,"name":"EPUB"},"revision":{"version":1,"real":0,"isRepack":false}}'::jsonb,
                now() - (g % 100000) * interval '5 minutes', CASE WHEN g % 3 = 0 THEN 3 ELSE 1 END, 'BENCH' || g,
                '{"indexer":"Bench"}'::jsonb
         FROM generate_series(1, ${size.history}) g
         JOIN book b ON b.id = (SELECT min(id) FROM book) + (g % ${size.books})`,
    );
  }
  statements.push('ANALYZE');
  return statements;
}
