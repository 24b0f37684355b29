import { Inject, Injectable } from '@nestjs/common';
import {
  HealthCheck,
  HealthCheckResult,
  healthResult,
  RegisterHealthCheck,
} from '../../platform/common/health/health-check';
import { METADATA_SOURCE, MetadataSource, MetadataSourceUnavailableError } from './metadata-source';

/** Warns when the metadata source cannot be reached or answers 5xx/429 (lookups, adds and refreshes fail then). */
@RegisterHealthCheck()
@Injectable()
export class MetadataSourceCheck implements HealthCheck {
  readonly source = 'MetadataSourceCheck';

  constructor(@Inject(METADATA_SOURCE) private readonly metadata: MetadataSource) {}

  async check(): Promise<HealthCheckResult[]> {
    try {
      await this.metadata.ping();
      return [];
    } catch (error) {
      const detail = error instanceof MetadataSourceUnavailableError ? error.detail : (error as Error).message;
      return [
        healthResult(
          this.source,
          'warning',
          `Unable to communicate with ${this.metadata.name}: ${detail}. Adding and refreshing authors will fail.`,
        ),
      ];
    }
  }
}
