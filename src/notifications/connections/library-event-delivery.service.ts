import { Inject, Injectable, Logger } from '@nestjs/common';
import { NotificationDispatcher } from '../hub/dispatcher.service';
import { DeliveryChannel, isChannelName } from '../hub/notification.types';
import type { ProviderDefinition } from '../../integrations/core/provider-definition.entity';
import { ProviderRegistry } from '../../integrations/core/provider';
import { ProviderDefinitionRepository } from '../../integrations/core/provider-definition.repository';
import { hydrateSettings } from '../../integrations/core/schema-builder';
import { AuthorTagsRepository } from './author-tags.repository';
import {
  connectionMessage,
  EventAudience,
  LIBRARY_SOURCE_AGENT,
  LibraryNotification,
  NOTIFICATION_EVENTS,
  NotificationConnection,
  NotificationEventType,
} from './notification-connection';
import { QuireHubSettings } from './notification.settings';
import { NOTIFICATION_REGISTRY } from './notification.service';

const QUIRE_HUB = 'QuireHub';

/** The `on*` flags (and for health, `includeHealthWarnings`) of a connection want this event. */
function wants(definition: ProviderDefinition, event: LibraryNotification): boolean {
  const options = definition.options;
  const health = event.eventType === 'health' || event.eventType === 'healthRestored';
  if (health && event.healthError !== true && options.includeHealthWarnings !== true) return false;
  // Readarr has no flag for a resolved issue: the hub tells it to the connections that were told of the issue.
  if (event.eventType === 'healthRestored')
    return definition.implementation === QUIRE_HUB && options.onHealthIssue === true;
  const flags = [NOTIFICATION_EVENTS[event.eventType].flag, ...(event.alsoRequires ?? [])];
  return flags.every((flag) => options[flag] === true);
}

/**
 * Sends one library event where the connections say (Readarr's NotificationService): every enabled connection
 * whose `on*` flags want it and whose tags match the event's authors. Email, Ntfy, HomeAssistant and Webhook
 * connections get one hub notification with one delivery per connection target (durable, retried, visible in
 * GET /notifications). Each QuireHub connection hands the event to the hub as its own notification, on its
 * `channels` (empty: the routing table). While no QuireHub connection exists, every event goes to the routing
 * table (source agent `quire`), as the hub did before connections could choose. Failures are logged, never thrown.
 */
@Injectable()
export class LibraryEventDelivery {
  private readonly logger = new Logger('NotificationHub');

  constructor(
    private readonly definitions: ProviderDefinitionRepository,
    @Inject(NOTIFICATION_REGISTRY) private readonly registry: ProviderRegistry<NotificationConnection>,
    private readonly dispatcher: NotificationDispatcher,
    private readonly authors: AuthorTagsRepository,
  ) {}

  async deliver(event: LibraryNotification): Promise<void> {
    const all = await this.definitions.listByKind('notification');
    const chosen = await this.forAudience(
      all.filter((definition) => definition.enable && wants(definition, event)),
      event.audience,
      event.eventType,
    );
    const hub = chosen.filter((definition) => definition.implementation === QUIRE_HUB);
    const hubConnectionExists = all.some((definition) => definition.implementation === QUIRE_HUB);
    await Promise.all([
      this.toConnections(
        event,
        chosen.filter((definition) => definition.implementation !== QUIRE_HUB),
      ),
      ...(hubConnectionExists
        ? hub.map((definition) => this.toHub(event, definition))
        : [this.toHub(event, undefined)]),
    ]);
  }

  /** Connections without tags always; with tags, when an author of the event shares one (never for `all`). */
  private async forAudience(
    definitions: ProviderDefinition[],
    audience: EventAudience,
    eventType: string,
  ): Promise<ProviderDefinition[]> {
    if (audience === 'all' || !definitions.some((definition) => definition.tags.length > 0)) return definitions;
    const tags = audience.tags ?? (await this.authors.tagsOf(audience.authorIds));
    return definitions.filter((definition) => {
      if (definition.tags.length === 0 || definition.tags.some((tag) => tags.includes(tag))) return true;
      this.logger.debug(`${definition.name} shares no tag with the authors of this ${eventType} event: not sent`);
      return false;
    });
  }

  private async toConnections(event: LibraryNotification, definitions: ProviderDefinition[]): Promise<void> {
    if (definitions.length === 0) return;
    // Only hub connections want `healthRestored` (see wants), so these events are Readarr's.
    const message = connectionMessage({ ...event, eventType: event.eventType as NotificationEventType });
    const targets: { connectionId: number; connectionPart: number; channel: DeliveryChannel }[] = [];
    for (const definition of definitions) {
      const provider = this.registry.find(definition.implementation);
      if (!provider?.targets) continue;
      provider
        .targets(hydrateSettings(provider.meta.settings, definition.settings), message)
        .forEach((target, part) =>
          targets.push({ connectionId: definition.id, connectionPart: part, channel: target.channel }),
        );
    }
    if (targets.length === 0) return;
    try {
      await this.dispatcher.dispatchToConnections(
        {
          sourceAgent: message.sourceAgent!,
          title: message.title,
          body: message.body,
          priority: message.priority,
          metadata: message.metadata,
        },
        targets,
      );
    } catch (error) {
      this.logger.error(
        `Notification connections not dispatched for ${event.eventType}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Through the hub's dispatcher like POST /notify (source agent `quire`, the event type in `event_type`): on a
   * QuireHub connection's channels, or by the routing table when it names none or when there is no connection.
   */
  private async toHub(event: LibraryNotification, definition: ProviderDefinition | undefined): Promise<void> {
    const settings = definition ? hydrateSettings(QuireHubSettings, definition.settings) : undefined;
    try {
      await this.dispatcher.dispatch({
        sourceAgent: LIBRARY_SOURCE_AGENT,
        title: event.title,
        body: event.body,
        priority: event.priority ?? 'normal',
        channels: (settings?.channels ?? []).filter(isChannelName),
        metadata: {
          ...event.data,
          event_type: event.eventType,
          ...(definition ? { connection_id: definition.id } : {}),
        },
      });
    } catch (error) {
      this.logger.error({
        event: 'notify.received',
        source_agent: LIBRARY_SOURCE_AGENT,
        error: `library notification not dispatched: ${(error as Error).message}`,
      });
    }
  }
}
