import { Injectable } from '@nestjs/common';
import { HousekeepingEvent } from '../../platform/command';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { AuthorBookCountRepository } from './author-book-count.repository';

/** Folds the author book-count deltas at housekeeping too, not only when a reading finds too many. */
@Injectable()
export class AuthorBookCountHousekeeping {
  constructor(private readonly bookCounts: AuthorBookCountRepository) {}

  @OnDomainEvent(HousekeepingEvent.NAME)
  async onHousekeeping(): Promise<void> {
    await this.bookCounts.compact();
  }
}
