import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import { DatabaseServer } from './database-server';
import { rowsOf } from './rows';

/** Distinct statements prepared per process at most; beyond that they run unprepared. */
const MAX_STATEMENTS = 200;

/**
 * Hot statements as named prepared statements on PostgreSQL: parsed and planned once per connection
 * instead of on every request (planning the wanted page took ~0.8 ms of its ~1.5 ms). A statement without
 * parameters always runs its generic plan. Callers pass texts from a small set (no literal that varies
 * per request); the cap keeps an unexpected variety from piling up in every connection.
 *
 * Not on the embedded database (PGlite, also when a test reaches it through DATABASE_URL): pglite-socket
 * runs all connections in one session, where a second connection's prepare of the same name would fail.
 */
@Injectable()
export class PreparedStatements {
  private enabled?: Promise<boolean>;
  private readonly names = new Map<string, string>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly server: DatabaseServer,
  ) {}

  async query<T>(text: string, parameters: unknown[] = []): Promise<T[]> {
    const name = (await this.isEnabled()) ? this.nameOf(text) : undefined;
    if (!name) return rowsOf<T>(await this.dataSource.query(text, parameters));
    // TypeORM's query() has no statement names; its pool (`driver.master`) does. Errors keep TypeORM's type.
    const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
    try {
      return (await pool.query({ name, text, values: parameters })).rows as T[];
    } catch (error) {
      throw new QueryFailedError(text, parameters, error as Error);
    }
  }

  /** Not on PGlite; while the server cannot be asked, statements run unprepared. */
  private isEnabled(): Promise<boolean> {
    this.enabled ??= this.server.isEmbedded().then(
      (embedded) => !embedded,
      () => {
        this.enabled = undefined;
        return false;
      },
    );
    return this.enabled;
  }

  private nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_STATEMENTS) {
      name = `quire_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      this.names.set(text, name);
    }
    return name;
  }
}
