import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthResource } from './health.resource';
import { HealthService } from './health.service';

@ApiTags('Health')
@Controller('api/v1/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  async list(): Promise<HealthResource[]> {
    return (await this.health.current()).map((issue) => ({ ...issue }));
  }
}
