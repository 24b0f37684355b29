import { Injectable } from '@nestjs/common';
import { BookCatalogueRepository } from '../../../library/book/book-catalogue.repository';
import { MediaCoverService } from '../media-cover/media-cover.service';
import type { RemoteAuthor } from '../metadata-source';

/** A cover URL's smaller size, where the cover host names sizes by suffix. */
function smallUrl(url: string): string | undefined {
  return /-L\.jpg$/.test(url) ? url.replace(/-L\.jpg$/, '-M.jpg') : undefined;
}

/** Covers are stored after a refresh commits: the author's images, and each changed book's monitored edition's. */
@Injectable()
export class RefreshCovers {
  constructor(
    private readonly covers: MediaCoverService,
    private readonly books: BookCatalogueRepository,
  ) {}

  async storeForAuthor(authorId: number, remote: RemoteAuthor, bookIds: number[]): Promise<void> {
    await this.covers.ensureCovers('author', authorId, remote.images);
    if (!bookIds.length) return;
    for (const edition of await this.books.findMonitoredCovers(bookIds)) {
      const images = (edition.images ?? [])
        .filter((image) => image.url)
        .map((image) => ({ coverType: 'cover', url: image.url!, smallUrl: smallUrl(image.url!) }));
      await this.covers.ensureCovers('book', edition.bookId, images.slice(0, 1));
    }
  }

  async storeForBook(bookId: number): Promise<void> {
    const monitored = await this.books.findMonitoredEdition(bookId);
    const url = monitored?.images?.[0]?.url;
    if (url) await this.covers.ensureCovers('book', bookId, [{ coverType: 'cover', url, smallUrl: smallUrl(url) }]);
  }
}
