import { Injectable } from '@nestjs/common';
import { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import { BookFileRepository } from '../../library/book-file/book-file.repository';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { RecycleBinService } from '../../library/recycle-bin/recycle-bin.service';

/** A file an import upgrades goes to the recycle bin when one is configured, else it is deleted; its row goes. */
@Injectable()
export class UpgradedFileRetirer {
  constructor(
    private readonly recycleBin: RecycleBinService,
    private readonly bookFileRows: BookFileRepository,
    private readonly events: DomainEvents,
  ) {}

  async retire(file: { id: number; path: string }): Promise<void> {
    await this.recycleBin.deleteFile(file.path);
    const owner = await this.bookFileRows.deleteReturningOwner(file.id);
    this.events.emit(
      BookFileDeletedEvent.NAME,
      new BookFileDeletedEvent(file.id, owner.bookId, owner.authorId, file.path, 'upgrade'),
    );
  }
}
