import { Injectable } from '@nestjs/common';
import { ApiKeyService } from '../../../auth/api-key.service';
import { HealthCheck, HealthCheckResult, healthResult, RegisterHealthCheck } from '../../../common/health/health-check';

@RegisterHealthCheck()
@Injectable()
export class ApiKeyValidationCheck implements HealthCheck {
  readonly source = 'ApiKeyValidationCheck';

  constructor(private readonly apiKeys: ApiKeyService) {}

  async check(): Promise<HealthCheckResult[]> {
    const key = await this.apiKeys.current();
    if (key.length >= 20) return [];
    return [
      healthResult(
        this.source,
        'error',
        'Please update your API key to be at least 20 characters long (command ResetApiKey or the API_KEY variable)',
        'invalid-api-key',
      ),
    ];
  }
}
