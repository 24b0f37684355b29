/** The endpoints the benchmark drives, with the raw SQL that fetches the same rows (baseline b). */
export interface Endpoint {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** SQL returning the same rows Quire serves; undefined when the endpoint reads no rows. */
  sql?: string;
  /** Paged endpoints have the p99 ≤ 25 ms target. */
  paged?: boolean;
  /** Longer measurement for endpoints whose single request takes seconds. */
  durationSeconds?: number;
  needsTable?: string;
  /** Also measured with one client: a whole-library list as one UI loads it. */
  singleClient?: boolean;
}

const BOOK_COLUMNS = `b.id, b.title, b.author_id, b.foreign_book_id, e.foreign_edition_id, b.title_slug, b.monitored,
  b.any_edition_ok, b.ratings, b.release_date, e.page_count, b.genres, e.images, b.links, b.added, b.last_search_time,
  m.sort_name_last_first, b.file_count AS book_file_count, b.file_size AS size_on_disk`;

// Per-book file totals are the trigger-kept columns Quire itself reads (migration 1763881050000).
const BOOK_FROM = `book b
  JOIN edition e ON e.book_id = b.id AND e.monitored
  JOIN author_metadata m ON m.id = b.author_metadata_id`;

export function endpoints(options: { authorId: number; monthStart: string; monthEnd: string }): Endpoint[] {
  return [
    { name: 'GET /api/v1/system/status', path: '/api/v1/system/status' },
    {
      name: 'GET /api/v1/author (all, with statistics)',
      path: '/api/v1/author',
      singleClient: true,
      // Statistics from the same trigger-kept per-author counts Quire reads (migration 1763881200000).
      sql: `SELECT a.*, m.*, st.* FROM author a JOIN author_metadata m ON m.id = a.author_metadata_id
            LEFT JOIN (SELECT author_id, sum(books) AS books, sum(available_books) AS available_books,
                         sum(file_count) AS file_count, sum(file_size) AS size_on_disk
                       FROM author_book_count GROUP BY author_id) st ON st.author_id = a.id`,
    },
    {
      name: 'GET /api/v1/book?authorId=',
      path: `/api/v1/book?authorId=${options.authorId}`,
      sql: `SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE b.author_id = ${options.authorId}`,
    },
    {
      name: 'GET /api/v1/book (all books)',
      path: '/api/v1/book',
      sql: `SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM}`,
      durationSeconds: 30,
      singleClient: true,
    },
    {
      name: 'GET /api/v1/wanted/missing (page 1, releaseDate desc)',
      path: '/api/v1/wanted/missing?page=1&pageSize=20&sortKey=releaseDate&sortDirection=descending',
      paged: true,
      sql: `SELECT ${BOOK_COLUMNS}, count(*) OVER () AS total_records FROM ${BOOK_FROM}
            JOIN author a ON a.id = b.author_id
            WHERE b.monitored AND a.monitored AND b.release_date < now() AND b.file_count = 0
            ORDER BY b.release_date DESC LIMIT 20`,
    },
    {
      name: 'GET /api/v1/history (page 1, date desc)',
      path: '/api/v1/history?page=1&pageSize=20&sortKey=date&sortDirection=descending',
      paged: true,
      needsTable: 'history',
      sql: `SELECT h.*, count(*) OVER () AS total_records FROM history h ORDER BY h.date DESC LIMIT 20`,
    },
    {
      name: 'GET /api/v1/calendar (one month)',
      path: `/api/v1/calendar?start=${options.monthStart}&end=${options.monthEnd}`,
      sql: `SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} JOIN author a ON a.id = b.author_id
            WHERE b.monitored AND a.monitored AND b.release_date >= '${options.monthStart}' AND b.release_date <= '${options.monthEnd}'
            ORDER BY b.release_date`,
    },
    // The OPDS catalog: pages of 50 entries over the whole library, books with files only.
    { name: 'GET /opds/recent (page 1)', path: '/opds/recent', paged: true },
    { name: 'GET /opds/recent (page 100)', path: '/opds/recent?page=100', paged: true },
    { name: 'GET /opds/authors/A (page 1)', path: '/opds/authors/A', paged: true },
    { name: 'GET /opds/author/{id}', path: `/opds/author/${options.authorId}`, paged: true },
    { name: 'GET /opds/search?q= (page 1)', path: '/opds/search?q=book%2012', paged: true },
  ];
}

export const NOTIFY_BODY = JSON.stringify({
  source_agent: 'bench',
  title: 'Benchmark notification',
  body: 'A **short** message from the benchmark.',
  priority: 'normal',
});
