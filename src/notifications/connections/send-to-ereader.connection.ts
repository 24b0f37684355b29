import { Injectable } from '@nestjs/common';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import {
  EMAIL_ATTACHMENT_TIMEOUT_MS,
  EmailAttachment,
  EmailChannel,
  EmailSettings,
} from '../hub/channels/email.channel';
import { ConnectionTarget } from '../hub/delivery/connection-targets';
import { ChannelMessage } from '../hub/notification.types';
import { providerFailure, ProviderMeta } from '../../integrations/core/provider';
import { ConnectionEvent, connectionMessage, NotificationConnection, sendTest } from './notification-connection';
import { SendToEReaderSettings } from './send-to-ereader.settings';

/** The metadata key of a stored hub message that carries the book to attach (a file reference, never bytes). */
export const EREADER_ATTACHMENT = 'ereaderAttachment';

/**
 * Mails books to an e-reader's address (Kindle, PocketBook, Kobo via a relay…) through the hub's SMTP settings
 * (`HUB_SMTP_*`). Sends go through the hub's durable dispatcher: a stored notification with one email delivery
 * whose attempt reads the connection's settings and attaches the file from disk, retried like any delivery.
 * Library events without a book to attach (the generic import notification) give no target: the book is picked
 * and sent by the `SendToEReader` command, which an import queues when `onReleaseImport` is set.
 */
@Injectable()
export class SendToEReaderConnection implements NotificationConnection<SendToEReaderSettings> {
  readonly meta: ProviderMeta<SendToEReaderSettings> = {
    implementation: 'SendToEReader',
    implementationName: 'Send to E-Reader',
    configContract: 'SendToEReaderSettings',
    settings: SendToEReaderSettings,
  };
  readonly supports = ['onReleaseImport'];

  constructor(private readonly email: EmailChannel) {}

  /** The hub's SMTP settings, addressed to the device. */
  mailSettings(settings: SendToEReaderSettings, attachment?: EmailAttachment): EmailSettings {
    const hub = this.email.defaultSettings();
    return {
      ...hub,
      to: settings.email,
      ...(attachment
        ? { attachments: [attachment], timeoutMs: Math.max(hub.timeoutMs ?? 0, EMAIL_ATTACHMENT_TIMEOUT_MS) }
        : {}),
    };
  }

  async test(settings: SendToEReaderSettings): Promise<ValidationFailure[]> {
    const missing = this.email.missingSetting(this.mailSettings(settings));
    if (missing === 'host' || missing === 'from')
      return [
        providerFailure('', `The hub's SMTP settings are incomplete: HUB_SMTP_${missing.toUpperCase()} is empty`),
      ];
    return sendTest(this, settings, 'email');
  }

  targets(settings: SendToEReaderSettings, message: ChannelMessage): ConnectionTarget[] {
    const attachment = message.metadata[EREADER_ATTACHMENT] as EmailAttachment | undefined;
    if (!attachment?.path) return [];
    return [{ channel: 'email', settings: this.mailSettings(settings, attachment) }];
  }

  /** Direct send (the `test` action): a plain mail to the device, no attachment. */
  async send(event: ConnectionEvent, settings: SendToEReaderSettings): Promise<void> {
    const message = connectionMessage(event);
    const attachment = message.metadata[EREADER_ATTACHMENT] as EmailAttachment | undefined;
    await this.email.send(message, this.mailSettings(settings, attachment));
  }
}
