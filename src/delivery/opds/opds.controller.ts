import { Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../platform/auth/public.decorator';
import { ValidationError } from '../../platform/common/errors/domain-errors';
import { IdParam } from '../../platform/common/http/route-decorators';
import { EnvService } from '../../platform/env/env.service';
import { MediaCoverService } from '../../metadata/source/media-cover/media-cover.service';
import { LibraryFilesService } from './library-files.service';
import { OpdsAuthGuard } from './opds-auth.guard';
import { OpdsCatalogService } from './opds-catalog.service';
import { Feed, OPDS_TYPES } from './opds-feed';
import { OpdsLinks } from './opds-links';
import { feedXml, openSearchXml } from './opds-xml';

function pageNumber(value: unknown): number {
  if (value === undefined || value === '') return 1;
  const page = typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(page) || page < 1)
    throw ValidationError.of('page', "'Page' must be a whole number of at least 1.", value);
  return page;
}

/** The `apikey` query parameter (any case) when the client authenticated with it: links must carry it on. */
function queryApiKey(request: Request): string | undefined {
  for (const [name, value] of Object.entries(request.query ?? {}))
    if (name.toLowerCase() === 'apikey' && typeof value === 'string') return value;
  return undefined;
}

/**
 * The OPDS 1.2 catalog at `/opds` for e-reader apps. Outside the API-key guard (apps cannot send headers of
 * their own) but behind OpdsAuthGuard: Basic with the login or the API key, `?apikey=`, or the session cookie.
 */
@ApiTags('OPDS')
@Public()
@UseGuards(OpdsAuthGuard)
@Controller('opds')
export class OpdsController {
  constructor(
    private readonly catalog: OpdsCatalogService,
    private readonly files: LibraryFilesService,
    private readonly covers: MediaCoverService,
    private readonly env: EnvService,
  ) {}

  @Get()
  @ApiProduces(OPDS_TYPES.navigation)
  root(@Req() request: Request, @Res() response: Response): void {
    this.send(response, this.catalog.root(this.links(request)));
  }

  @Get('opensearch.xml')
  @ApiProduces(OPDS_TYPES.openSearch)
  openSearch(@Req() request: Request, @Res() response: Response): void {
    response.setHeader('Content-Type', OPDS_TYPES.openSearch);
    response.send(Buffer.from(openSearchXml(this.links(request).searchTemplate(), OPDS_TYPES.acquisition), 'utf8'));
  }

  @Get('authors')
  @ApiProduces(OPDS_TYPES.navigation)
  async authorLetters(@Req() request: Request, @Res() response: Response): Promise<void> {
    this.send(response, await this.catalog.authorLetters(this.links(request)));
  }

  @Get('authors/:letter')
  @ApiProduces(OPDS_TYPES.navigation)
  @ApiQuery({ name: 'page', required: false, type: Number })
  async authorsByLetter(
    @Param('letter') letter: string,
    @Query('page') page: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    this.send(response, await this.catalog.authorsByLetter(letter, pageNumber(page), this.links(request)));
  }

  @Get('author/:authorId')
  @ApiProduces(OPDS_TYPES.acquisition)
  @ApiQuery({ name: 'page', required: false, type: Number })
  async author(
    @IdParam('authorId') authorId: number,
    @Query('page') page: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    this.send(response, await this.catalog.author(authorId, pageNumber(page), this.links(request)));
  }

  @Get('series')
  @ApiProduces(OPDS_TYPES.navigation)
  @ApiQuery({ name: 'page', required: false, type: Number })
  async seriesList(@Query('page') page: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    this.send(response, await this.catalog.seriesList(pageNumber(page), this.links(request)));
  }

  @Get('series/:seriesId')
  @ApiProduces(OPDS_TYPES.acquisition)
  @ApiQuery({ name: 'page', required: false, type: Number })
  async series(
    @IdParam('seriesId') seriesId: number,
    @Query('page') page: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    this.send(response, await this.catalog.series(seriesId, pageNumber(page), this.links(request)));
  }

  @Get('recent')
  @ApiProduces(OPDS_TYPES.acquisition)
  @ApiQuery({ name: 'page', required: false, type: Number })
  async recent(@Query('page') page: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    this.send(response, await this.catalog.recent(pageNumber(page), this.links(request)));
  }

  @Get('search')
  @ApiProduces(OPDS_TYPES.acquisition)
  @ApiQuery({ name: 'q', required: false, type: String })
  @ApiQuery({ name: 'page', required: false, type: Number })
  async search(
    @Query('q') text: unknown,
    @Query('page') page: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const query = typeof text === 'string' ? text.slice(0, 200) : '';
    this.send(response, await this.catalog.search(query, pageNumber(page), this.links(request)));
  }

  /** The book's stored cover (the same file as the media-cover routes), under OPDS authentication. */
  @Get('cover/:bookId')
  @ApiProduces('image/jpeg', 'image/png', 'image/gif')
  async cover(@IdParam('bookId') bookId: number, @Res() response: Response): Promise<void> {
    await this.sendCover(bookId, 'cover.jpg', response);
  }

  @Get('cover/:bookId/thumbnail')
  @ApiProduces('image/jpeg', 'image/png', 'image/gif')
  async thumbnail(@IdParam('bookId') bookId: number, @Res() response: Response): Promise<void> {
    await this.sendCover(bookId, 'cover-250.jpg', response);
  }

  /** One book file, as an attachment; Range requests resume (express `sendFile`). */
  @Get('file/:bookFileId')
  @ApiProduces('application/octet-stream')
  async file(@IdParam('bookFileId') bookFileId: number, @Res() response: Response): Promise<void> {
    const file = await this.files.servable(bookFileId);
    response.attachment(file.fileName);
    response.type(file.contentType);
    await this.sendFile(response, file.path, 'private, max-age=0');
  }

  private links(request: Request): OpdsLinks {
    return new OpdsLinks(this.env.get('URL_BASE'), queryApiKey(request));
  }

  private send(response: Response, feed: Feed): void {
    // Set verbatim and sent as bytes: express would reorder the parameters of a type it formats itself, and
    // some apps match `profile=opds-catalog;kind=…` literally. The XML declaration names the encoding.
    response.setHeader('Content-Type', OPDS_TYPES[feed.kind]);
    response.setHeader('Cache-Control', 'no-cache');
    response.send(Buffer.from(feedXml(feed), 'utf8'));
  }

  private async sendCover(bookId: number, name: string, response: Response): Promise<void> {
    const cover = await this.covers.find('book', bookId, name);
    response.type(cover.contentType);
    await this.sendFile(response, cover.path, 'private, max-age=86400');
  }

  private sendFile(response: Response, path: string, cacheControl: string): Promise<void> {
    return new Promise((resolve) => {
      response.setHeader('Cache-Control', cacheControl);
      response.sendFile(path, { dotfiles: 'allow', cacheControl: false }, (error?: Error & { status?: number }) => {
        // A client that hangs up mid-download is not an error worth more than ending the response; a bad Range
        // is send's 416.
        if (error && !response.headersSent)
          response
            .status(error.status ?? 500)
            .json({ message: error.status === 416 ? 'Range Not Satisfiable' : 'File not readable' });
        resolve();
      });
    });
  }
}
