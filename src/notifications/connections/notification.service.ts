import { Inject, Injectable, Logger } from '@nestjs/common';
import { NotificationDispatcher } from '../hub/dispatcher.service';
import type { DeliveryChannel } from '../hub/notification.types';
import { ProviderRegistry } from '../../integrations/core/provider';
import { ProviderDefinitionRepository } from '../../integrations/core/provider-definition.repository';
import { KindState, ProviderService } from '../../integrations/core/provider.service';
import {
  ConnectionEvent,
  connectionMessage,
  NOTIFICATION_EVENTS,
  NotificationConnection,
  ON_FLAGS,
} from './notification-connection';
import { NotificationResource } from './notification.resource';
import { NOTIFICATION_INVENTORY } from './notification.inventory';

export const NOTIFICATION_REGISTRY = Symbol('NOTIFICATION_REGISTRY');

const supportsKey = (flag: string) => `supportsOn${flag.slice(2)}`;

@Injectable()
export class NotificationService extends ProviderService<NotificationConnection, NotificationResource> {
  protected readonly kind = 'notification' as const;
  protected readonly inventory = NOTIFICATION_INVENTORY;
  private readonly logger = new Logger(NotificationService.name);

  constructor(
    definitions: ProviderDefinitionRepository,
    @Inject(NOTIFICATION_REGISTRY) registry: ProviderRegistry<NotificationConnection>,
    private readonly dispatcher: NotificationDispatcher,
  ) {
    super(definitions, registry);
  }

  protected defaults(): KindState {
    return {
      priority: 0,
      options: { ...Object.fromEntries(ON_FLAGS.map((flag) => [flag, false])), includeHealthWarnings: false },
    };
  }

  protected readKindFields(
    resource: NotificationResource,
    current: KindState,
    provider: NotificationConnection,
  ): KindState {
    const options = { ...current.options };
    const input = resource as unknown as Record<string, unknown>;
    for (const flag of ON_FLAGS)
      if (typeof input[flag] === 'boolean') options[flag] = input[flag] === true && provider.supports.includes(flag);
    if (resource.includeHealthWarnings !== undefined) options.includeHealthWarnings = resource.includeHealthWarnings;
    return { options, priority: 0 };
  }

  protected writeKindFields(
    state: KindState,
    provider: NotificationConnection | undefined,
  ): Partial<NotificationResource> {
    const fields: Record<string, unknown> = { link: provider?.meta.link };
    for (const flag of ON_FLAGS) fields[flag] = state.options[flag] === true;
    for (const flag of ON_FLAGS) fields[supportsKey(flag)] = provider?.supports.includes(flag) ?? false;
    fields.includeHealthWarnings = state.options.includeHealthWarnings === true;
    return fields;
  }

  protected isEnabled(state: KindState): boolean {
    return ON_FLAGS.some((flag) => state.options[flag] === true);
  }

  /**
   * Delivers one library event to every connection whose matching `on*` flag is set (and `alsoRequires` flags:
   * Readarr sends an upgrade only with `onUpgrade` too), whose tags match when the event names the author's tags.
   * Connections go through the hub's durable dispatcher as one notification (source_agent `quire`) with one
   * delivery per connection target: the first attempt runs now, transient failures are retried in the background,
   * and every attempt is visible in GET /notifications/{id}. QuireHub connections have no targets: library events
   * reach the hub's routing table directly. Returns the number of deliveries whose first attempt succeeded.
   * Failures are logged and never thrown.
   */
  async deliver(event: ConnectionEvent, options: { tags?: number[]; alsoRequires?: string[] } = {}): Promise<number> {
    if (event.eventType === 'test') return 0;
    const flags = [NOTIFICATION_EVENTS[event.eventType].flag, ...(options.alsoRequires ?? [])];
    const message = connectionMessage(event);
    const targets: { connectionId: number; connectionPart: number; channel: DeliveryChannel }[] = [];
    for (const definition of await this.listEnabled()) {
      if (!flags.every((flag) => definition.options[flag] === true)) continue;
      if (
        event.eventType === 'health' &&
        event.priority !== 'high' &&
        definition.options.includeHealthWarnings !== true
      )
        continue;
      if (definition.tags.length && options.tags && !definition.tags.some((tag) => options.tags!.includes(tag)))
        continue;
      const resolved = this.resolve(definition);
      resolved?.provider
        .targets?.(resolved.settings, message)
        .forEach((target, part) =>
          targets.push({ connectionId: definition.id, connectionPart: part, channel: target.channel }),
        );
    }
    if (targets.length === 0) return 0;
    try {
      const result = await this.dispatcher.dispatchToConnections(
        {
          sourceAgent: message.sourceAgent!,
          title: message.title,
          body: message.body,
          priority: message.priority,
          metadata: message.metadata,
        },
        targets,
      );
      return result.channels_dispatched.length;
    } catch (error) {
      this.logger.error(
        `Notification connections not dispatched for ${event.eventType}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 0;
    }
  }
}
