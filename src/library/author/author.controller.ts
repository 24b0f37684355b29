import { Body, Controller, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { sendJsonChunks } from '../../platform/common/http/send-json-chunks';
import { IdParam, OptionalIdParam, PutWithOptionalId, resolvePutId } from '../../platform/common/http/route-decorators';
import { AddAuthorService } from './add-author.service';
import { AuthorEditorService } from './author-editor.service';
import {
  AuthorDeleteQuery,
  AuthorEditorResource,
  AuthorListQuery,
  AuthorResource,
  AuthorUpdateQuery,
} from './author.resource';
import { AuthorCommandService } from './author-command.service';
import { AuthorQueryService } from './author-query.service';
import { toAddAuthorInput } from './author-input.mapper';

@ApiTags('Author')
@Controller('api/v1/author')
export class AuthorController {
  constructor(
    private readonly authors: AuthorQueryService,
    private readonly commands: AuthorCommandService,
    private readonly addAuthor: AddAuthorService,
    private readonly editor: AuthorEditorService,
  ) {}

  @Get()
  @ApiOkResponse({ type: [AuthorResource] })
  async list(@Query() query: AuthorListQuery, @Res() response: Response): Promise<void> {
    if (query.titleSlug !== undefined) {
      response.json(await this.authors.resourcesByTitleSlug(query.titleSlug));
      return;
    }
    await sendJsonChunks(response, (await this.authors.listJson()).values());
  }

  @Post()
  async create(@Body() body: AuthorResource): Promise<AuthorResource> {
    const author = await this.addAuthor.add(toAddAuthorInput(body), { checkIdentity: true });
    return this.authors.resource(author.id);
  }

  @Put('editor')
  async updateMany(@Body() body: AuthorEditorResource): Promise<AuthorResource[]> {
    const authors = await this.editor.update(body);
    return this.authors.resources(authors.map((author) => author.id));
  }

  @Delete('editor')
  async deleteMany(@Body() body: AuthorEditorResource): Promise<object> {
    await this.editor.delete(body);
    return {};
  }

  @Get(':id')
  get(@IdParam() id: number): Promise<AuthorResource> {
    return this.authors.resource(id);
  }

  @PutWithOptionalId()
  async update(
    @OptionalIdParam() id: number | undefined,
    @Body() body: AuthorResource,
    @Query() query: AuthorUpdateQuery,
  ): Promise<AuthorResource> {
    const author = await this.commands.update(resolvePutId(id, body), body, !!query.moveFiles);
    return this.authors.resource(author.id);
  }

  @Delete(':id')
  async delete(@IdParam() id: number, @Query() query: AuthorDeleteQuery): Promise<void> {
    await this.commands.delete(id, query);
  }
}
