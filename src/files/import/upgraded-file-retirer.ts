import { Injectable } from '@nestjs/common';
import { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import { BookFileRepository } from '../../library/book-file/book-file.repository';
import { MediaFileDeletionService } from '../../library/recycle-bin/media-file-deletion.service';
import { DomainEvents } from '../../platform/common/events/domain-events';

/**
 * A file an import upgrades goes to the recycle bin (keeping its folders, as every delete does) when one is
 * configured, else it is deleted; its row goes. Its folder stays: the new file is on its way there.
 */
@Injectable()
export class UpgradedFileRetirer {
  constructor(
    private readonly deletion: MediaFileDeletionService,
    private readonly bookFileRows: BookFileRepository,
    private readonly events: DomainEvents,
  ) {}

  async retire(file: { id: number; path: string }): Promise<void> {
    const [target] = await this.bookFileRows.findDeletionTargets([file.id]);
    await this.deletion.deleteFile(target ?? { path: file.path, authorPath: null, rootFolderPath: null });
    const owner = await this.bookFileRows.deleteReturningOwner(file.id);
    this.events.emit(
      BookFileDeletedEvent.NAME,
      new BookFileDeletedEvent(file.id, owner.bookId, owner.authorId, file.path, 'upgrade'),
    );
  }
}
