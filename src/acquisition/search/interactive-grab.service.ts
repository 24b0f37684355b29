import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { LibraryLookupRepository } from '../parser/library-lookup.repository';
import { GrabService } from './grab.service';
import { ReleaseCache } from './release-cache.service';
import type { ReleaseResource } from './release.resource';
import { ReleaseResources } from './release-resources';

/** `POST /api/v1/release`: grabs a release an interactive search found, for the book or author the user chose. */
@Injectable()
export class InteractiveGrabService {
  constructor(
    private readonly cache: ReleaseCache,
    private readonly library: LibraryLookupRepository,
    private readonly grabs: GrabService,
    private readonly resources: ReleaseResources,
  ) {}

  /** Grabs a release from the interactive-search cache (404 when expired, 409 when the client refuses it). */
  async grab(body: ReleaseResource): Promise<ReleaseResource> {
    const decision = this.cache.get(body.indexerId ?? 0, body.guid ?? '');
    if (!decision) throw new NotFoundError("Couldn't find requested release in cache, cache timeout probably expired.");
    const remote = { ...decision.remote };
    if (body.bookId) {
      const [book] = await this.library.books([body.bookId]);
      if (!book) throw new NotFoundError(`Book ${body.bookId} not found`);
      remote.books = [book];
      remote.author = await this.library.author(book.authorId);
    } else if (!decision.downloadAllowed && body.authorId) {
      remote.author = await this.library.author(body.authorId);
    }
    if (!remote.author || remote.books.length === 0)
      throw new NotFoundError('Unable to find matching author and books');
    await this.grabs.grab(remote, {
      forced: true,
      source: 'interactiveSearch',
      downloadClientId: body.downloadClientId,
    });
    return (await this.resources.of([{ ...decision, remote }]))[0];
  }
}
