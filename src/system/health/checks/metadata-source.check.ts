import { Injectable } from '@nestjs/common';
import { MetadataProviderConfigService } from '../../../settings/metadata-provider/metadata-provider-config.service';
import { MetadataSourceSettings } from '../../../settings/development/metadata-source-settings';
import { HealthCheck, HealthCheckResult, healthResult, RegisterHealthCheck } from '../health-check';

const TIMEOUT_MS = 5_000;

/** The metadata source answers HTTP at all (any status below 500 counts as reachable). */
@RegisterHealthCheck()
@Injectable()
export class MetadataSourceCheck implements HealthCheck {
  readonly source = 'MetadataSourceCheck';

  constructor(
    private readonly sources: MetadataSourceSettings,
    private readonly providerConfig: MetadataProviderConfigService,
  ) {}

  async check(): Promise<HealthCheckResult[]> {
    const url = await this.sources.effectiveMetadataSource();
    const { userAgent } = await this.providerConfig.load();
    try {
      const response = await fetch(url, {
        method: 'HEAD',
        headers: { 'User-Agent': userAgent },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'follow',
      });
      if (response.status < 500) return [];
      return [this.failure(url, `HTTP ${response.status}`)];
    } catch (error) {
      return [this.failure(url, error instanceof Error ? error.message : String(error))];
    }
  }

  private failure(url: string, reason: string): HealthCheckResult {
    return healthResult(
      this.source,
      'error',
      `Unable to communicate with the metadata source ${url} (${reason})`,
      'metadata-source-is-unavailable',
    );
  }
}
