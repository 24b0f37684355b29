import type { EntityManager } from 'typeorm';
import { managerOf, type Transaction } from './transaction';

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

/** The same lock, inside a transaction a service opened with TransactionRunner. */
export function lockTransaction(tx: Transaction, ...key: [number] | [number, number]): Promise<void> {
  return lockForTransaction(managerOf(tx), ...key);
}
