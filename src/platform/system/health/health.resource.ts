import { ApiProperty } from '@nestjs/swagger';
import { HealthCheckResultType } from '../../common/health/health-check';

export class HealthResource {
  id?: number;
  source: string;
  @ApiProperty({ enum: HealthCheckResultType.names })
  type: string;
  message: string;
  wikiUrl?: string;
}
