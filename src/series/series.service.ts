import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SeriesLinkInput, SeriesRepository } from './series.repository';
import type { SeriesResource } from './series.resource';

/** Series of an author's books, with the positions of those books; upsert for metadata imports. */
@Injectable()
export class SeriesService {
  constructor(private readonly repository: SeriesRepository) {}

  async byAuthor(authorId: number | undefined): Promise<SeriesResource[]> {
    if (!authorId) return [];
    const series = new Map<number, SeriesResource>();
    for (const row of await this.repository.findLinksOfAuthor(authorId)) {
      let entry = series.get(row.seriesId);
      if (!entry) {
        entry = { id: row.seriesId, title: row.title, description: row.description ?? undefined, links: [] };
        series.set(row.seriesId, entry);
      }
      entry.links.push({
        id: row.linkId,
        position: row.position ?? undefined,
        seriesPosition: row.seriesPosition,
        seriesId: row.seriesId,
        bookId: row.bookId,
      });
    }
    return [...series.values()];
  }

  /** Creates the series if needed and links the book at its position (idempotent). */
  link(input: SeriesLinkInput, manager?: EntityManager): Promise<void> {
    return this.repository.upsertLink(input, manager);
  }
}
