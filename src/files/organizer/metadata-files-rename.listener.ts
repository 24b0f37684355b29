import { Injectable, Logger } from '@nestjs/common';
import { MetadataFilesService } from '../../integrations/metadata-consumer/metadata-files.service';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { BookFilesRenamedEvent } from './organizer.events';

/** Renamed book files take the metadata files written beside them along (Readarr's MoveFilesAfterRename). */
@Injectable()
export class MetadataFilesRenameListener {
  private readonly logger = new Logger(MetadataFilesRenameListener.name);

  constructor(private readonly metadataFiles: MetadataFilesService) {}

  @OnDomainEvent(BookFilesRenamedEvent.NAME)
  async onRenamed(event: BookFilesRenamedEvent): Promise<void> {
    const moved = event.files.flatMap((file) =>
      file.bookFileId === null ? [] : [{ bookFileId: file.bookFileId, path: file.path }],
    );
    try {
      await this.metadataFiles.moved(moved);
    } catch (error) {
      this.logger.warn(`Moving metadata files after a rename failed: ${(error as Error).message}`);
    }
  }
}
