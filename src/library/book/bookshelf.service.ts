import { Injectable } from '@nestjs/common';
import { AuthorRepository } from '../author/author.repository';
import { BookMonitoringRepository } from './book-monitoring.repository';
import type { BookshelfResource } from './bookshelf.resource';

/** POST /bookshelf: author monitoring plus a bulk re-application of book monitoring. */
@Injectable()
export class BookshelfService {
  constructor(
    private readonly authors: AuthorRepository,
    private readonly monitoring: BookMonitoringRepository,
  ) {}

  async apply(input: BookshelfResource): Promise<void> {
    const options = input.monitoringOptions;
    const found = await this.authors.findByIds(input.authors.map((entry) => entry.id));
    for (const author of found) {
      const entry = input.authors.find((candidate) => candidate.id === author.id)!;
      if (entry.monitored !== undefined && entry.monitored !== null) author.monitored = entry.monitored;
      if (options?.monitor === 'none') author.monitored = false;
      if (input.monitorNewItems) author.monitorNewItems = input.monitorNewItems;
      await this.authors.save(author);
      if (options) await this.monitoring.apply(author.id, options);
    }
  }
}
