import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { BrowserResource } from '../../../platform/auth/browser-resource.decorator';
import { IdParam } from '../../../platform/common/http/route-decorators';
import { CoverFile, MediaCoverService } from './media-cover.service';
import type { CoverOwner } from './media-cover-files';

/**
 * `/api/v1/mediacover/author/{authorId}/{filename}` and `/api/v1/mediacover/book/{bookId}/{filename}` (Readarr's
 * MediaCoverController), plus the `/MediaCover/{authorId}/…` and `/MediaCover/Books/{bookId}/…` urls the
 * author/book resources point at. Browsers load them by URL: the session cookie counts, and without
 * authentication (method none) they are open, as in Readarr.
 */
@ApiTags('MediaCover')
@BrowserResource()
@Controller()
export class MediaCoverController {
  constructor(private readonly covers: MediaCoverService) {}

  @Get('api/v1/mediacover/author/:authorId/:filename')
  @ApiProduces('image/jpeg', 'image/png', 'image/gif')
  async author(
    @IdParam('authorId') authorId: number,
    @Param('filename') filename: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.send('author', authorId, filename, request, response);
  }

  @Get('api/v1/mediacover/book/:bookId/:filename')
  @ApiProduces('image/jpeg', 'image/png', 'image/gif')
  async book(
    @IdParam('bookId') bookId: number,
    @Param('filename') filename: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.send('book', bookId, filename, request, response);
  }

  @Get('MediaCover/Books/:bookId/:filename')
  async legacyBook(
    @IdParam('bookId') bookId: number,
    @Param('filename') filename: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.send('book', bookId, filename, request, response);
  }

  @Get('MediaCover/:authorId/:filename')
  async legacyAuthor(
    @IdParam('authorId') authorId: number,
    @Param('filename') filename: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.send('author', authorId, filename, request, response);
  }

  private async send(owner: CoverOwner, id: number, filename: string, request: Request, response: Response) {
    const file: CoverFile = await this.covers.find(owner, id, filename);
    const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
    response.setHeader('Cache-Control', 'public, max-age=604800, must-revalidate');
    response.setHeader('ETag', etag);
    response.setHeader('Last-Modified', new Date(file.mtimeMs).toUTCString());
    if (request.headers['if-none-match'] === etag) {
      response.status(304).end();
      return;
    }
    response.setHeader('Content-Type', file.contentType);
    response.setHeader('Content-Length', String(file.size));
    await new Promise<void>((resolve, reject) => {
      const stream = file.stream();
      stream.on('error', reject);
      response.on('finish', resolve);
      response.on('close', resolve);
      stream.pipe(response);
    });
  }
}
