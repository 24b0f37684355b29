import type { QueryRunner } from 'typeorm';

/**
 * Trigger-kept counters (migrations 1763881000000, 1763881050000 and 1763881200000) recomputed from their source rows.
 * A restore needs this: with triggers suspended (superuser) an older archive brings no counters, and with
 * triggers firing (other roles) the restored counters would be added to. Rows that are already right are not
 * rewritten, so an exact restore leaves the tables byte-for-byte as archived.
 */
export async function recomputeDerivedCounters(runner: QueryRunner): Promise<void> {
  await runner.query(`
    UPDATE book b SET file_count = s.n, file_size = s.size
    FROM (SELECT b2.id, count(f.id)::int AS n, coalesce(sum(f.size), 0)::bigint AS size
          FROM book b2
          LEFT JOIN edition e ON e.book_id = b2.id
          LEFT JOIN book_file f ON f.edition_id = e.id
          GROUP BY b2.id) s
    WHERE s.id = b.id AND (b.file_count, b.file_size) IS DISTINCT FROM (s.n, s.size)`);
  await runner.query(`
    INSERT INTO history_event_count (event_type, count)
      SELECT event_type, count(*) FROM history GROUP BY event_type
    ON CONFLICT (event_type) DO UPDATE SET count = excluded.count
      WHERE history_event_count.count IS DISTINCT FROM excluded.count`);
  await runner.query(`
    DELETE FROM history_event_count c WHERE NOT EXISTS (SELECT 1 FROM history h WHERE h.event_type = c.event_type)`);
  await recomputeAuthorBookCounts(runner);
}

/** Rebuilt only when some author's summed deltas differ from its books. */
async function recomputeAuthorBookCounts(runner: QueryRunner): Promise<void> {
  const counts = `count(*) AS books, count(*) FILTER (WHERE release_date IS NULL OR file_count > 0) AS undated_or_available,
    count(*) FILTER (WHERE file_count > 0) AS available_books, sum(file_count) AS file_count, sum(file_size) AS file_size,
    count(*) FILTER (WHERE monitored AND file_count = 0 AND release_date IS NOT NULL) AS missing_candidates`;
  const sums = `sum(books) AS books, sum(undated_or_available) AS undated_or_available,
    sum(available_books) AS available_books, sum(file_count) AS file_count, sum(file_size) AS file_size,
    sum(missing_candidates) AS missing_candidates`;
  const [{ differs }]: { differs: boolean }[] = await runner.query(`
    SELECT EXISTS (
      (SELECT author_id, ${counts} FROM book GROUP BY author_id)
      EXCEPT
      (SELECT author_id, ${sums} FROM author_book_count GROUP BY author_id HAVING sum(books) <> 0)) OR EXISTS (
      (SELECT author_id, ${sums} FROM author_book_count GROUP BY author_id HAVING sum(books) <> 0)
      EXCEPT
      (SELECT author_id, ${counts} FROM book GROUP BY author_id)) AS differs`);
  if (!differs) return;
  await runner.query(`DELETE FROM author_book_count`);
  await runner.query(`INSERT INTO author_book_count SELECT author_id, ${counts} FROM book GROUP BY author_id`);
}
