import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { AuthorAddedEvent, AuthorDeletedEvent, AuthorEditedEvent } from '../../library/author/author.events';
import { BookAddedEvent, BookDeletedEvent, BookEditedEvent } from '../../library/book/book.events';
import { BlocklistChangedEvent } from '../../acquisition/blocklist/blocklist.events';
import { BookFileDeletedEvent } from '../../library/book-file/book-file.events';
import { HistoryRecordedEvent } from '../../acquisition/history/history.events';
import { BookImportedEvent } from '../../files/import/import.events';
import { AuthorRefreshedEvent } from '../../library/author/author.events';
import { BookFilesRenamedEvent } from '../../files/organizer/organizer.events';
import { BookGrabbedEvent } from '../../acquisition/queue/download.events';
import { QueueUpdatedEvent } from '../../acquisition/queue/queue.events';
import {
  RootFolderAddedEvent,
  RootFolderDeletedEvent,
  RootFolderEditedEvent,
} from '../../library/root-folder/root-folder.events';
import { HealthCheckCompletedEvent } from '../../platform/system/health/health.events';
import { TagsUpdatedEvent } from '../../library/tag/tag.events';
import { PushBusService } from './push-bus.service';
import { PushHubService } from './push-hub.service';
import type { PushChange } from './push-message';
import { PushResourcesService } from './push-resources.service';

const WANTED = ['wanted/missing', 'wanted/cutoff'];

/**
 * Library changes on the hub, following Readarr's controllers: added or edited items are pushed as
 * `updated` with the resource their REST endpoint answers, deleted ones as `deleted` with their id, and
 * lists without single resources (queue, health, tags, tasks, history, blocklist) as `sync`.
 */
@Injectable()
export class LibraryPushListener {
  private readonly logger = new Logger(LibraryPushListener.name);

  constructor(
    private readonly bus: PushBusService,
    private readonly hub: PushHubService,
    private readonly resources: PushResourcesService,
  ) {}

  @OnDomainEvent(AuthorAddedEvent.NAME)
  onAuthorAdded(event: AuthorAddedEvent): void {
    this.publish(updated('author', event.author.id));
  }

  @OnDomainEvent(AuthorEditedEvent.NAME)
  onAuthorEdited(event: AuthorEditedEvent): void {
    this.publish(updated('author', event.author.id));
  }

  @OnDomainEvent(AuthorDeletedEvent.NAME)
  onAuthorDeleted(event: AuthorDeletedEvent): void {
    this.publish(deleted('author', event.authorId));
  }

  @OnDomainEvent(AuthorRefreshedEvent.NAME)
  onAuthorRefreshed(event: AuthorRefreshedEvent): void {
    const bookIds = [...event.addedBookIds, ...event.updatedBookIds];
    this.publish(updated('author', event.authorId), ...(bookIds.length ? [updated('book', ...bookIds)] : []));
  }

  @OnDomainEvent(BookAddedEvent.NAME)
  onBookAdded(event: BookAddedEvent): void {
    this.publish(updated('book', event.bookId), updated('author', event.authorId));
  }

  @OnDomainEvent(BookEditedEvent.NAME)
  onBookEdited(event: BookEditedEvent): void {
    this.publish(updated('book', ...event.bookIds), ...WANTED.map((name) => updated(name, ...event.bookIds)));
  }

  @OnDomainEvent(BookDeletedEvent.NAME)
  onBookDeleted(event: BookDeletedEvent): void {
    this.publish(deleted('book', event.bookId), updated('author', event.authorId));
  }

  @OnDomainEvent(BookImportedEvent.NAME)
  onBookImported({ init }: BookImportedEvent): void {
    this.publish(
      updated('bookfile', init.bookFileId),
      updated('book', init.bookId),
      updated('author', init.authorId),
      ...WANTED.map((name) => updated(name, init.bookId)),
    );
  }

  @OnDomainEvent(BookFileDeletedEvent.NAME)
  onBookFileDeleted(event: BookFileDeletedEvent): void {
    const changes = [deleted('bookfile', event.bookFileId)];
    if (event.bookId !== null)
      changes.push(updated('book', event.bookId), ...WANTED.map((name) => updated(name, event.bookId!)));
    if (event.authorId !== null) changes.push(updated('author', event.authorId));
    this.publish(...changes);
  }

  @OnDomainEvent(BookFilesRenamedEvent.NAME)
  onBookFilesRenamed(event: BookFilesRenamedEvent): void {
    const ids = event.files.flatMap((file) => (file.bookFileId === null ? [] : [file.bookFileId]));
    if (ids.length) this.publish(updated('bookfile', ...ids));
  }

  /** Readarr marks each grabbed book `grabbed: true` in the pushed resource (never in REST answers). */
  @OnDomainEvent(BookGrabbedEvent.NAME)
  onBookGrabbed({ init }: BookGrabbedEvent): void {
    // Not awaited: the grab (which emits with emitAsync) need not wait for the hub.
    if (this.wanted()) void this.pushGrabbed(init.bookIds);
  }

  private async pushGrabbed(bookIds: number[]): Promise<void> {
    for (const id of bookIds) {
      try {
        const resource = (await this.resources.build('book', id)) as object;
        await this.bus.publish({
          name: 'book',
          action: 'updated',
          ids: [id],
          resource: { ...resource, grabbed: true },
        });
      } catch (error) {
        this.logger.debug(`Pushing grabbed book ${id} failed: ${String(error)}`);
      }
    }
  }

  @OnDomainEvent(QueueUpdatedEvent.NAME)
  onQueueUpdated(): void {
    this.publish(sync('queue'), sync('queue/details'), { name: 'queue/status', action: 'updated' });
  }

  /** Not in Readarr's hub (its UI re-reads these lists): Quire's UI shows them live; other clients ignore the names. */
  @OnDomainEvent(HistoryRecordedEvent.NAME)
  onHistoryRecorded(): void {
    this.publish(sync('history'));
  }

  @OnDomainEvent(BlocklistChangedEvent.NAME)
  onBlocklistChanged(): void {
    this.publish(sync('blocklist'));
  }

  @OnDomainEvent(HealthCheckCompletedEvent.NAME)
  onHealthChecked(): void {
    this.publish(sync('health'));
  }

  @OnDomainEvent(RootFolderAddedEvent.NAME)
  onRootFolderAdded(event: RootFolderAddedEvent): void {
    this.publish({ name: 'rootfolder', action: 'created', ids: [event.rootFolderId] });
  }

  @OnDomainEvent(RootFolderEditedEvent.NAME)
  onRootFolderEdited(event: RootFolderEditedEvent): void {
    this.publish(updated('rootfolder', event.rootFolderId));
  }

  @OnDomainEvent(RootFolderDeletedEvent.NAME)
  onRootFolderDeleted(event: RootFolderDeletedEvent): void {
    this.publish(deleted('rootfolder', event.rootFolderId));
  }

  @OnDomainEvent(TagsUpdatedEvent.NAME)
  onTagsUpdated(): void {
    this.publish(sync('tag'));
  }

  private wanted(): boolean {
    return this.bus.distributed || this.hub.hasClients;
  }

  private publish(...changes: PushChange[]): void {
    if (!this.wanted()) return;
    for (const change of changes) this.bus.publishSoon(change);
  }
}

const updated = (name: string, ...ids: number[]): PushChange => ({ name, action: 'updated', ids });
const deleted = (name: string, ...ids: number[]): PushChange => ({ name, action: 'deleted', ids });
const sync = (name: string): PushChange => ({ name, action: 'sync' });
