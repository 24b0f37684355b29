import { Inject, Injectable } from '@nestjs/common';
import type { ConnectionTarget, ConnectionTargetResolver } from '../hub/delivery/connection-targets';
import type { ChannelMessage } from '../hub/notification.types';
import { ProviderRegistry } from '../../integrations/core/provider';
import { ProviderDefinitionRepository } from '../../integrations/core/provider-definition.repository';
import { hydrateSettings } from '../../integrations/core/schema-builder';
import type { NotificationConnection } from './notification-connection';

/** The connections that deliver through hub channels (all but QuireHub, which hands events to the routing table). */
export const CHANNEL_CONNECTION_REGISTRY = Symbol('CHANNEL_CONNECTION_REGISTRY');

/**
 * The settings of one target of a stored connection, read at attempt time by the hub's delivery runner (so a
 * corrected setting applies to pending retries). Null when the connection, its kind or the part is gone.
 */
@Injectable()
export class ConnectionTargetLookup implements ConnectionTargetResolver {
  constructor(
    private readonly definitions: ProviderDefinitionRepository,
    @Inject(CHANNEL_CONNECTION_REGISTRY) private readonly registry: ProviderRegistry<NotificationConnection>,
  ) {}

  async resolve(connectionId: number, part: number, message: ChannelMessage): Promise<ConnectionTarget | null> {
    const definition = await this.definitions.findOne('notification', connectionId);
    const connection = this.registry.find(definition?.implementation);
    if (!definition || !connection?.targets) return null;
    const settings = hydrateSettings(connection.meta.settings, definition.settings);
    return connection.targets(settings, message)[part] ?? null;
  }
}
