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
  await recomputeMissingBookCounts(runner);
}

/** Rebuilt only when some author's summed deltas differ from a count of its missing-candidate books. */
async function recomputeMissingBookCounts(runner: QueryRunner): Promise<void> {
  const candidates = `SELECT author_id, count(*) AS n FROM book
                      WHERE monitored AND file_count = 0 AND release_date IS NOT NULL GROUP BY author_id`;
  const [{ differs }]: { differs: boolean }[] = await runner.query(`
    SELECT EXISTS (
      SELECT 1 FROM (${candidates}) want
      FULL JOIN (SELECT author_id, sum(delta) AS n FROM missing_book_count GROUP BY author_id) have
        USING (author_id)
      WHERE coalesce(want.n, 0) <> coalesce(have.n, 0)) AS differs`);
  if (!differs) return;
  await runner.query(`DELETE FROM missing_book_count`);
  await runner.query(`INSERT INTO missing_book_count (author_id, delta) SELECT author_id, n FROM (${candidates}) want`);
}
