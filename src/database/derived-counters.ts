import type { QueryRunner } from 'typeorm';

/**
 * Trigger-kept counters (migrations 1763881000000 and 1763881050000) recomputed from their source rows.
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
}
