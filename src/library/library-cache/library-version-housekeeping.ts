import { Injectable } from '@nestjs/common';
import { HousekeepingEvent } from '../../platform/command';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { LibraryVersionRepository } from './library-version.repository';

/** Folds the library change rows at housekeeping too, so a quiet library's table does not wait for a reading. */
@Injectable()
export class LibraryVersionHousekeeping {
  constructor(private readonly versions: LibraryVersionRepository) {}

  @OnDomainEvent(HousekeepingEvent.NAME)
  async onHousekeeping(): Promise<void> {
    await this.versions.fold();
  }
}
