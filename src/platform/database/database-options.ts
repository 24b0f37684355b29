import { DataSource, DataSourceOptions } from 'typeorm';
import { SnakeNamingStrategy } from 'typeorm-naming-strategies';
import { migrations } from './migrations';

// Arbitrary constant: serialises migrations when several Quire processes start on one database.
const MIGRATION_LOCK_ID = 727_001;

export function databaseOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations,
    namingStrategy: new SnakeNamingStrategy(),
    // pg closes idle connections after 10 s by default; a new one pays the connection set-up and a cold
    // catalogue cache (first plan of a query ~3x slower), so a pause of a few seconds showed up as p99 spikes.
    extra: { max: poolSize, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 300_000 },
  };
}

/** Runs pending migrations under an advisory lock so concurrent start-ups apply them once. */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}
