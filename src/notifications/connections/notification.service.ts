import { Inject, Injectable } from '@nestjs/common';
import { ProviderRegistry } from '../../integrations/core/provider';
import { ProviderDefinitionRepository } from '../../integrations/core/provider-definition.repository';
import { KindState, ProviderService } from '../../integrations/core/provider.service';
import { NotificationConnection, ON_FLAGS } from './notification-connection';
import { NotificationResource } from './notification.resource';
import { NOTIFICATION_INVENTORY } from './notification.inventory';

export const NOTIFICATION_REGISTRY = Symbol('NOTIFICATION_REGISTRY');

const supportsKey = (flag: string) => `supportsOn${flag.slice(2)}`;

@Injectable()
export class NotificationService extends ProviderService<NotificationConnection, NotificationResource> {
  protected readonly kind = 'notification' as const;
  protected readonly inventory = NOTIFICATION_INVENTORY;

  constructor(
    definitions: ProviderDefinitionRepository,
    @Inject(NOTIFICATION_REGISTRY) registry: ProviderRegistry<NotificationConnection>,
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
}
