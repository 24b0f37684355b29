import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { APP_START_TIME, READARR_COMPATIBLE_VERSION } from '../../common/app-info';
import { HostConfigService } from '../../auth/host-config/host-config.service';
import { UpdateResource } from './update.resource';

/** Quire does not update itself: the list holds the running version only (as /system/status reports it). */
@ApiTags('Update')
@Controller('api/v1/update')
export class UpdateController {
  constructor(private readonly hostConfig: HostConfigService) {}

  @Get()
  // Explicit: the Swagger plugin under ts-jest does not resolve this return type.
  @ApiOkResponse({ type: [UpdateResource] })
  async list(): Promise<UpdateResource[]> {
    const { branch } = await this.hostConfig.load();
    return [
      {
        version: READARR_COMPATIBLE_VERSION,
        branch,
        releaseDate: APP_START_TIME,
        fileName: '',
        url: '',
        installed: true,
        installedOn: APP_START_TIME,
        installable: false,
        latest: true,
        changes: { new: [], fixed: [] },
      },
    ];
  }
}
