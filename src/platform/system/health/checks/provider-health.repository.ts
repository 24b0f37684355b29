import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * What the provider health checks read from `provider_definition`/`provider_status`: raw SQL that answers
 * nothing while those tables do not exist yet.
 */
@Injectable()
export class ProviderHealthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async tablesExist(): Promise<boolean> {
    const [row] = await this.dataSource.query<{ ok: boolean }[]>(
      `SELECT to_regclass('public.provider_definition') IS NOT NULL AND to_regclass('public.provider_status') IS NOT NULL AS ok`,
    );
    return row.ok;
  }

  /** Indexers with RSS or any search enabled. */
  async countUsableIndexers(): Promise<number> {
    const [{ count }] = await this.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM provider_definition WHERE kind = 'indexer' AND (enable
         OR options->>'enableRss' = 'true' OR options->>'enableAutomaticSearch' = 'true'
         OR options->>'enableInteractiveSearch' = 'true')`,
    );
    return count;
  }

  async countEnabledDownloadClients(): Promise<number> {
    const [{ count }] = await this.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM provider_definition WHERE kind = 'downloadClient' AND enable`,
    );
    return count;
  }

  /** Names of the providers of a kind that are backed off after failures, by name. */
  async backedOffNames(kind: string): Promise<string[]> {
    const rows = await this.dataSource.query<{ name: string }[]>(
      `SELECT d.name FROM provider_definition d JOIN provider_status s ON s.provider_id = d.id
       WHERE d.kind = $1 AND s.disabled_till > now() ORDER BY d.name`,
      [kind],
    );
    return rows.map((row) => row.name);
  }
}
