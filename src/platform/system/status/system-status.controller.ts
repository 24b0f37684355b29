import { Controller, Get, Head } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../auth/public.decorator';
import { ApiInfoResource, PingResource, SystemResource } from './system.resource';
import { SystemStatusService } from './system-status.service';

@ApiTags('System')
@Controller()
export class SystemStatusController {
  constructor(private readonly systemStatus: SystemStatusService) {}

  @Public()
  @Get('api')
  apiInfo(): ApiInfoResource {
    return { current: 'v1', deprecated: [] };
  }

  @Public()
  @Get('ping')
  ping(): PingResource {
    return { status: 'OK' };
  }

  @Public()
  @Head('ping')
  pingHead(): PingResource {
    return { status: 'OK' };
  }

  @Get('api/v1/system/status')
  status(): Promise<SystemResource> {
    return this.systemStatus.status();
  }
}
