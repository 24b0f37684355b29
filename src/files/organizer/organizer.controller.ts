import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RenameBookResource, RenamePreviewQuery, RetagBookResource } from './rename.resource';
import { RenameService } from './rename.service';
import { RetagService } from './retag.service';

@ApiTags('RenameBook')
@Controller('api/v1')
export class OrganizerController {
  constructor(
    private readonly rename: RenameService,
    private readonly retag: RetagService,
  ) {}

  @Get('rename')
  renamePreview(@Query() query: RenamePreviewQuery): Promise<RenameBookResource[]> {
    return this.rename.preview(query.authorId, query.bookId);
  }

  @Get('retag')
  retagPreview(@Query() query: RenamePreviewQuery): Promise<RetagBookResource[]> {
    return this.retag.preview(query.authorId, query.bookId);
  }
}
