import { Injectable, Logger } from '@nestjs/common';
import { MetadataFilesService } from '../../integrations/metadata-consumer/metadata-files.service';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { MetadataProviderConfigService } from '../../platform/settings/metadata-provider/metadata-provider-config.service';
import { RetagService } from '../organizer/retag.service';
import { BookImportedEvent } from './import.events';
import { BookFileMatchedEvent } from '../../library/book-file/book-file.events';
import { AuthorRefreshedEvent } from '../../library/author/author.events';

/**
 * What Readarr writes once a file is in the library (ImportApprovedBooks → AudioTagService.WriteTags with
 * newDownload, then the extra-file managers' CreateAfterBookImport): the catalogue's tags into an audio file when
 * `writeAudioTags` is anything but `no` (an import is always a new file, so `newFiles`, `allFiles` and `sync` all
 * write here; earlier tags removed first with `scrubAudioTags`), then every enabled metadata consumer's files beside
 * it. Runs inside `book.imported`, which the recorder awaits, so the files are on disk when the import answers.
 * A file a rescan matched in place is an import of an existing file: its tags are written with `allFiles` and
 * `sync` only (Readarr's WriteTags with newDownload false). After a refresh changed an author's books, `sync`
 * writes the new catalogue tags into their files (Readarr's SyncTags) and the metadata files are written anew.
 */
@Injectable()
export class ImportedFileWritersListener {
  private readonly logger = new Logger(ImportedFileWritersListener.name);

  constructor(
    private readonly metadataProviderConfig: MetadataProviderConfigService,
    private readonly retag: RetagService,
    private readonly metadataFiles: MetadataFilesService,
  ) {}

  @OnDomainEvent(BookFileMatchedEvent.NAME)
  async onMatched(event: BookFileMatchedEvent): Promise<void> {
    try {
      const config = await this.metadataProviderConfig.load();
      if (config.writeAudioTags === 'allFiles' || config.writeAudioTags === 'sync')
        await this.retag.execute(await this.retag.plan({ bookFileIds: [event.bookFileId] }), undefined, {
          scrub: config.scrubAudioTags,
        });
    } catch (error) {
      this.logger.warn(`Writing tags of a matched file failed: ${(error as Error).message}`);
    }
  }

  @OnDomainEvent(AuthorRefreshedEvent.NAME)
  async onRefreshed(event: AuthorRefreshedEvent): Promise<void> {
    const bookIds = [...event.updatedBookIds, ...event.addedBookIds];
    try {
      const config = await this.metadataProviderConfig.load();
      if (config.writeAudioTags === 'sync' && bookIds.length > 0)
        await this.retag.execute(await this.retag.plan({ authorIds: [event.authorId], bookIds }), undefined, {
          scrub: config.scrubAudioTags,
        });
    } catch (error) {
      this.logger.warn(`Syncing tags after a refresh failed: ${(error as Error).message}`);
    }
    try {
      await this.metadataFiles.write({ authorIds: [event.authorId] });
    } catch (error) {
      this.logger.warn(`Writing metadata files after a refresh failed: ${(error as Error).message}`);
    }
  }

  @OnDomainEvent(BookImportedEvent.NAME)
  async onImported(event: BookImportedEvent): Promise<void> {
    const { bookFileId } = event.init;
    try {
      const config = await this.metadataProviderConfig.load();
      if (config.writeAudioTags !== 'no')
        await this.retag.execute(await this.retag.plan({ bookFileIds: [bookFileId] }), undefined, {
          scrub: config.scrubAudioTags,
        });
    } catch (error) {
      this.logger.warn(`Writing tags after import failed: ${(error as Error).message}`);
    }
    try {
      await this.metadataFiles.write({ bookFileIds: [bookFileId] });
    } catch (error) {
      this.logger.warn(`Writing metadata files after import failed: ${(error as Error).message}`);
    }
  }
}
