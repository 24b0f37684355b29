import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { EnvService } from '../env/env.service';
import { databaseOptions, runMigrations } from './database-options';
import { EmbeddedPostgres } from './embedded-postgres';

export class EmbeddedDatabaseInUseError extends Error {}

/**
 * The configured database (DATABASE_URL, else the embedded one under DATA_DIR) for a command-line tool,
 * without the application: migrated, a pool of two (the migration lock holds one). PGlite serves one process at a time and keeps
 * `postmaster.pid` while it is open, so the embedded folder is refused while Quire (or anything else) uses it.
 */
export async function openStandaloneDatabase(
  env: EnvService,
  options: { force?: boolean } = {},
): Promise<{ dataSource: DataSource; close: () => Promise<void> }> {
  let url = env.get('DATABASE_URL');
  let embedded: EmbeddedPostgres | undefined;
  if (!url) {
    const pidFile = join(env.get('DATA_DIR'), 'db', 'postmaster.pid');
    if (existsSync(pidFile) && !options.force)
      throw new EmbeddedDatabaseInUseError(
        `The embedded database in ${join(env.get('DATA_DIR'), 'db')} is open in another process (Quire is running?). ` +
          'Stop Quire first; if it is not running (the lock was left by a crash), pass --force.',
      );
    embedded = new EmbeddedPostgres(env.get('DATA_DIR'), env.get('EMBEDDED_SHARED_BUFFERS_MB'));
    url = await embedded.start(4);
  }
  try {
    const dataSource = await new DataSource(databaseOptions(url, 2)).initialize();
    await runMigrations(dataSource);
    return {
      dataSource,
      close: async () => {
        await dataSource.destroy();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
