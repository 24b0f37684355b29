import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../platform/common/http/route-decorators';
import { BookFileListQuery, BookFileListResource, BookFileResource } from './book-file.resource';
import { BookFileService } from './book-file.service';
import { BookFileTagsService } from './book-file-tags.service';

@ApiTags('BookFile')
@Controller('api/v1/bookfile')
export class BookFileController {
  constructor(
    private readonly files: BookFileService,
    private readonly fileTags: BookFileTagsService,
  ) {}

  @Get()
  list(@Query() query: BookFileListQuery): Promise<BookFileResource[]> {
    return this.files.list(query);
  }

  @Put('editor')
  async updateMany(@Body() body: BookFileListResource): Promise<BookFileResource[]> {
    await this.files.setQuality(body.bookFileIds, body.quality);
    return this.files.list({ bookFileIds: body.bookFileIds });
  }

  @Delete('bulk')
  async deleteMany(@Body() body: BookFileListResource): Promise<object> {
    await this.files.deleteMany(body.bookFileIds);
    return {};
  }

  @Get(':id')
  get(@IdParam() id: number): Promise<BookFileResource> {
    return this.fileTags.resourceWithTags(id);
  }

  @PutWithOptionalId()
  async update(@OptionalIdParam() id: number | undefined, @Body() body: BookFileResource): Promise<BookFileResource> {
    const fileId = resolvePutId(id, body);
    await this.files.setQuality([fileId], body.quality);
    return this.files.resource(fileId);
  }

  @Delete(':id')
  async delete(@IdParam() id: number): Promise<void> {
    await this.files.delete(id);
  }
}
