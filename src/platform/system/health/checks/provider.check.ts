import { Injectable } from '@nestjs/common';
import { HealthCheck, HealthCheckResult, healthResult, RegisterHealthCheck } from '../../../common/health/health-check';
import { ProviderHealthRepository } from './provider-health.repository';

/** No indexer with RSS or search enabled (Readarr's IndexerRssCheck/IndexerSearchCheck), or indexers failing. */
@RegisterHealthCheck()
@Injectable()
export class IndexerCheck implements HealthCheck {
  readonly source = 'IndexerCheck';

  constructor(private readonly providers: ProviderHealthRepository) {}

  async check(): Promise<HealthCheckResult[]> {
    if (!(await this.providers.tablesExist())) return [];
    const count = await this.providers.countUsableIndexers();
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
    const failing = await this.providers.backedOffNames('indexer');
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

  constructor(private readonly providers: ProviderHealthRepository) {}

  async check(): Promise<HealthCheckResult[]> {
    if (!(await this.providers.tablesExist())) return [];
    const count = await this.providers.countEnabledDownloadClients();
    const results: HealthCheckResult[] = [];
    if (count === 0)
      results.push(
        healthResult(this.source, 'warning', 'No download client is available', 'no-download-client-is-available'),
      );
    const failing = await this.providers.backedOffNames('downloadClient');
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
