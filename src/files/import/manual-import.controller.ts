import { Body, Controller, Get, ParseArrayPipe, Post, Query } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { ManualImportQuery, ManualImportResource, ManualImportUpdateResource } from './manual-import.resource';
import { ManualImportService } from './manual-import.service';

@ApiTags('ManualImport')
@Controller('api/v1/manualimport')
export class ManualImportController {
  constructor(private readonly manualImport: ManualImportService) {}

  @Get()
  propose(@Query() query: ManualImportQuery): Promise<ManualImportResource[]> {
    return this.manualImport.propose(query);
  }

  @Post()
  @ApiBody({ type: [ManualImportUpdateResource] })
  reevaluate(
    @Body(new ParseArrayPipe({ items: ManualImportUpdateResource, whitelist: true }))
    items: ManualImportUpdateResource[],
  ): Promise<ManualImportResource[]> {
    return this.manualImport.reevaluate(items);
  }
}
