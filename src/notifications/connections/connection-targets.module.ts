import { Global, Module } from '@nestjs/common';
import { HubChannelsModule } from '../hub/channels/hub-channels.module';
import { CONNECTION_TARGETS } from '../hub/delivery/connection-targets';
import { ProviderRegistry } from '../../integrations/core/provider';
import { ProviderCoreModule } from '../../integrations/core/provider-core.module';
import { CHANNEL_CONNECTION_REGISTRY, ConnectionTargetLookup } from './connection-target.lookup';
import {
  EmailConnection,
  HomeAssistantConnection,
  NtfyConnection,
  WebhookConnection,
} from './notification.connections';
import { DiscordConnection } from './discord.connection';
import { NotifiarrConnection } from './notifiarr.connection';
import { PushoverConnection } from './pushover.connection';
import { SendToEReaderConnection } from './send-to-ereader.connection';
import { TelegramConnection } from './telegram.connection';

export const CHANNEL_CONNECTIONS = [
  DiscordConnection,
  EmailConnection,
  HomeAssistantConnection,
  NtfyConnection,
  NotifiarrConnection,
  PushoverConnection,
  SendToEReaderConnection,
  TelegramConnection,
  WebhookConnection,
];

/**
 * The connections that deliver through hub channels, and `CONNECTION_TARGETS`, with which the hub's delivery
 * runner reads a connection's settings at each attempt. Global so the hub (a lower folder) can inject the token
 * without importing this one; it depends only on the hub's channels, not on its dispatcher, so no cycle forms.
 */
@Global()
@Module({
  imports: [ProviderCoreModule, HubChannelsModule],
  providers: [
    ...CHANNEL_CONNECTIONS,
    {
      provide: CHANNEL_CONNECTION_REGISTRY,
      inject: CHANNEL_CONNECTIONS,
      useFactory: (...connections: InstanceType<(typeof CHANNEL_CONNECTIONS)[number]>[]) =>
        new ProviderRegistry(connections),
    },
    ConnectionTargetLookup,
    { provide: CONNECTION_TARGETS, useExisting: ConnectionTargetLookup },
  ],
  exports: [...CHANNEL_CONNECTIONS, CONNECTION_TARGETS],
})
export class ConnectionTargetsModule {}
