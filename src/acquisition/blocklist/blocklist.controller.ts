import { Body, Controller, Delete, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../platform/common/http/route-decorators';
import { BlocklistBulkResource, BlocklistQuery, BlocklistResourcePagingResource } from './blocklist.resource';
import { BlocklistService } from './blocklist.service';

@ApiTags('Blocklist')
@Controller('api/v1/blocklist')
export class BlocklistController {
  constructor(private readonly blocklist: BlocklistService) {}

  @Get()
  list(@Query() query: BlocklistQuery): Promise<BlocklistResourcePagingResource> {
    return this.blocklist.page(query);
  }

  @Delete('bulk')
  async bulkDelete(@Body() body: BlocklistBulkResource): Promise<void> {
    await this.blocklist.deleteMany(body.ids);
  }

  @Delete(':id')
  async remove(@IdParam() id: number): Promise<void> {
    await this.blocklist.delete(id);
  }
}
