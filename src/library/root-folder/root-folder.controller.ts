import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../platform/common/http/route-decorators';
import { RootFolderResource } from './root-folder.resource';
import { RootFolderViews } from './root-folder.views';
import { RootFolderCommandService } from './root-folder-command.service';

@ApiTags('RootFolder')
@Controller('api/v1/rootfolder')
export class RootFolderController {
  constructor(
    private readonly folders: RootFolderCommandService,
    private readonly views: RootFolderViews,
  ) {}

  @Get()
  list(): Promise<RootFolderResource[]> {
    return this.views.list();
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<RootFolderResource> {
    return this.views.resource(id);
  }

  @Post()
  async create(@Body() body: RootFolderResource): Promise<RootFolderResource> {
    return this.views.detailed(await this.folders.create(body));
  }

  @PutWithOptionalId()
  async update(
    @OptionalIdParam() id: number | undefined,
    @Body() body: RootFolderResource,
  ): Promise<RootFolderResource> {
    return this.views.detailed(await this.folders.update(resolvePutId(id, body), body));
  }

  @Delete(':id')
  async remove(@IdParam() id: number): Promise<void> {
    await this.folders.delete(id);
  }
}
