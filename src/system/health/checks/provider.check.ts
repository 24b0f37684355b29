import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { HealthCheck, HealthCheckResult, healthResult, RegisterHealthCheck } from '../health-check';

/** Raw SQL on provider_definition/provider_status, skipped while those tables do not exist. */
async function providerTablesExist(dataSource: DataSource): Promise<boolean> {
  const [row] = await dataSource.query<{ ok: boolean }[]>(
    `SELECT to_regclass('public.provider_definition') IS NOT NULL AND to_regclass('public.provider_status') IS NOT NULL AS ok`,
  );
  return row.ok;
}

async function failingProviders(dataSource: DataSource, kind: string): Promise<string[]> {
  const rows = await dataSource.query<{ name: string }[]>(
    `SELECT d.name FROM provider_definition d JOIN provider_status s ON s.provider_id = d.id
     WHERE d.kind = $1 AND s.disabled_till > now() ORDER BY d.name`,
    [kind],
  );
  return rows.map((row) => row.name);
}

/** No indexer with RSS or search enabled (Readarr's IndexerRssCheck/IndexerSearchCheck), or indexers failing. */
@RegisterHealthCheck()
@Injectable()
export class IndexerCheck implements HealthCheck {
  readonly source = 'IndexerCheck';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async check(): Promise<HealthCheckResult[]> {
    if (!(await providerTablesExist(this.dataSource))) return [];
    const [{ count }] = await this.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM provider_definition WHERE kind = 'indexer' AND (enable
         OR options->>'enableRss' = 'true' OR options->>'enableAutomaticSearch' = 'true'
         OR options->>'enableInteractiveSearch' = 'true')`,
    );
    const results: HealthCheckResult[] = [];
    if (count === 0)
      results.push(
        healthResult(
          this.source,
          'warning',
          'No indexers available with RSS sync or search enabled, Quire will not grab new releases automatically',
          'no-indexers-are-enabled',
        ),
      );
    const failing = await failingProviders(this.dataSource, 'indexer');
    if (failing.length)
      results.push(
        healthResult(
          'IndexerStatusCheck',
          'warning',
          `Indexers unavailable due to failures: ${failing.join(', ')}`,
          'indexers-are-unavailable-due-to-failures',
        ),
      );
    return results;
  }
}

@RegisterHealthCheck()
@Injectable()
export class DownloadClientCheck implements HealthCheck {
  readonly source = 'DownloadClientCheck';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async check(): Promise<HealthCheckResult[]> {
    if (!(await providerTablesExist(this.dataSource))) return [];
    const [{ count }] = await this.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM provider_definition WHERE kind = 'downloadClient' AND enable`,
    );
    const results: HealthCheckResult[] = [];
    if (count === 0)
      results.push(
        healthResult(this.source, 'warning', 'No download client is available', 'no-download-client-is-available'),
      );
    const failing = await failingProviders(this.dataSource, 'downloadClient');
    if (failing.length)
      results.push(
        healthResult(
          'DownloadClientStatusCheck',
          'warning',
          `Download clients unavailable due to failures: ${failing.join(', ')}`,
          'download-clients-are-unavailable-due-to-failures',
        ),
      );
    return results;
  }
}
