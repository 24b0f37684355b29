import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { appliedMigrationNames } from './applied-migrations';

/**
 * What kind of server is behind the data source. Asked of the server itself rather than of DATABASE_URL,
 * because a test can reach the embedded database through a URL too.
 */
@Injectable()
export class DatabaseServer {
  private embedded?: Promise<boolean>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** PGlite reports itself in version() (`… (PGlite x.y) on wasm32-unknown-emscripten`); asked once. */
  isEmbedded(): Promise<boolean> {
    this.embedded ??= this.dataSource
      .query<{ version: string }[]>('SELECT version() AS version')
      .then(([row]) => /pglite|emscripten/i.test(row.version))
      .catch((error: unknown) => {
        this.embedded = undefined; // ask again next time
        throw error;
      });
    return this.embedded;
  }

  /** The server's `server_version` setting. */
  async serverVersion(): Promise<string | undefined> {
    const rows: { server_version: string }[] = await this.dataSource.query('SHOW server_version');
    return rows[0]?.server_version;
  }

  /** How many migrations this build knows. */
  get migrationCount(): number {
    return this.dataSource.migrations.length;
  }

  /** Names of the migrations this build knows that the database has not applied, in this build's order. */
  async pendingMigrations(): Promise<string[]> {
    const applied = await appliedMigrationNames(this.dataSource);
    return this.dataSource.migrations.map((migration) => migration.name!).filter((name) => !applied.has(name));
  }

  /**
   * Whether dead rows are reclaimed in the background. PGlite is a single backend without background
   * workers, so it never autovacuums, although its `autovacuum` setting reads on.
   */
  async autovacuumRuns(): Promise<boolean> {
    if (await this.isEmbedded()) return false;
    const [row] = await this.dataSource.query<{ on: boolean }[]>(
      `SELECT current_setting('autovacuum') = 'on' AND current_setting('track_counts') = 'on' AS "on"`,
    );
    return row.on;
  }
}
