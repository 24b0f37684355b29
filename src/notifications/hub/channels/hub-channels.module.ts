import { MailerModule } from '@nestjs-modules/mailer';
import { Module } from '@nestjs/common';
import { EnvService } from '../../../platform/env/env.service';
import { ChannelRegistry } from './channel-registry';
import { EmailChannel, smtpTransportOptions } from './email.channel';
import { HaTtsChannel } from './ha-tts.channel';
import { NtfyChannel } from './ntfy.channel';
import { WebhookChannel } from './webhook.channel';

const CHANNELS = [EmailChannel, NtfyChannel, HaTtsChannel, WebhookChannel];

/**
 * The hub's channel classes (they only send; no storage, no routing). Their own module so that notification
 * connections can build delivery targets with them without depending on the dispatcher.
 */
@Module({
  imports: [
    MailerModule.forRootAsync({
      inject: [EnvService],
      // The default transport is the hub's relay; EmailChannel adds one per distinct settings.
      useFactory: (env: EnvService) => ({
        transport: smtpTransportOptions({
          host: env.get('HUB_SMTP_HOST'),
          port: env.get('HUB_SMTP_PORT'),
          from: env.get('HUB_SMTP_FROM'),
          to: env.get('HUB_SMTP_TO'),
          timeoutMs: env.get('HUB_EMAIL_TIMEOUT_MS'),
        }),
        verifyTransporters: false,
      }),
    }),
  ],
  providers: [...CHANNELS, ChannelRegistry],
  exports: [...CHANNELS, ChannelRegistry],
})
export class HubChannelsModule {}
