import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DiskSpaceResource } from './disk-space.resource';
import { DiskSpaceService } from './disk-space.service';

@ApiTags('DiskSpace')
@Controller('api/v1/diskspace')
export class DiskSpaceController {
  constructor(private readonly diskSpace: DiskSpaceService) {}

  @Get()
  list(): Promise<DiskSpaceResource[]> {
    return this.diskSpace.list();
  }
}
