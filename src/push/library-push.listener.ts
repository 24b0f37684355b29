import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { AuthorAddedEvent, AuthorDeletedEvent, AuthorEditedEvent } from '../author/author.events';
import { PushBusService } from './push-bus.service';
import { PushHubService } from './push-hub.service';
import type { PushChange } from './push-message';

/**
 * Library changes on the hub, following Readarr's controllers: an added or edited author is pushed as
 * `updated` with its full resource, a deleted one as `deleted` with its id.
 */
@Injectable()
export class LibraryPushListener {
  constructor(
    private readonly bus: PushBusService,
    private readonly hub: PushHubService,
  ) {}

  @OnEvent(AuthorAddedEvent.NAME)
  onAuthorAdded(event: AuthorAddedEvent): Promise<void> {
    return this.publish({ name: 'author', action: 'updated', ids: [event.author.id] });
  }

  @OnEvent(AuthorEditedEvent.NAME)
  onAuthorEdited(event: AuthorEditedEvent): Promise<void> {
    return this.publish({ name: 'author', action: 'updated', ids: [event.author.id] });
  }

  @OnEvent(AuthorDeletedEvent.NAME)
  onAuthorDeleted(event: AuthorDeletedEvent): Promise<void> {
    return this.publish({ name: 'author', action: 'deleted', ids: [event.authorId] });
  }

  private async publish(...changes: PushChange[]): Promise<void> {
    if (!this.bus.distributed && !this.hub.hasClients) return;
    for (const change of changes) await this.bus.publish(change);
  }
}
