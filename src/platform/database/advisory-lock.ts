import type { EntityManager } from 'typeorm';

/**
 * Takes a transaction-scoped PostgreSQL advisory lock (released at COMMIT/ROLLBACK): serialises work of several
 * workers or processes on one key. `manager` must be the transaction's own.
 */
export async function lockForTransaction(manager: EntityManager, ...key: [number] | [number, number]): Promise<void> {
  await manager.query(
    key.length === 1 ? 'SELECT pg_advisory_xact_lock($1)' : 'SELECT pg_advisory_xact_lock($1, $2)',
    key,
  );
}
