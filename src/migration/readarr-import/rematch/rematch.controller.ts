import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../../platform/common/http/route-decorators';
import { LibraryRematchService } from './library-rematch.service';
import { RematchReportResource } from './rematch-report.resource';

@ApiTags('Migration')
@Controller('api/v1/migration/rematch')
export class RematchController {
  constructor(private readonly rematches: LibraryRematchService) {}

  /** The report of a finished RematchLibrary command (queued when the metadata source type changes). */
  @Get(':id')
  report(@IdParam() id: number): Promise<RematchReportResource> {
    return this.rematches.report(id);
  }
}
