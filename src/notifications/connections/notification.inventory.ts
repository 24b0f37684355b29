import { acts, unsupported } from '../../platform/settings/inventory/settings-inventory';
import { ProviderKindInventory } from '../../integrations/core/provider-inventory';
import { NotificationResource } from './notification.resource';
import {
  EmailSettings,
  HomeAssistantSettings,
  NtfySettings,
  QuireHubSettings,
  WebhookSettings,
} from './notification.settings';
import { DiscordSettings } from './discord.connection';
import { NotifiarrSettings } from './notifiarr.connection';
import { PushoverSettings } from './pushover.connection';
import { SendToEReaderSettings } from './send-to-ereader.settings';
import { TelegramSettings } from './telegram.connection';

/** The read-only `supportsOn*` capabilities. */
const SUPPORTS_FLAGS = [
  'supportsOnGrab',
  'supportsOnReleaseImport',
  'supportsOnUpgrade',
  'supportsOnRename',
  'supportsOnAuthorAdded',
  'supportsOnAuthorDelete',
  'supportsOnBookDelete',
  'supportsOnBookFileDelete',
  'supportsOnBookFileDeleteForUpgrade',
  'supportsOnHealthIssue',
  'supportsOnDownloadFailure',
  'supportsOnImportFailure',
  'supportsOnBookRetag',
  'supportsOnApplicationUpdate',
];

/** What each flag of connections and each field of each implementation does in Quire. */
export const NOTIFICATION_INVENTORY: ProviderKindInventory = {
  kind: 'notification',
  title: 'Connections',
  resource: NotificationResource,
  notSettings: ['link', 'testCommand', ...SUPPORTS_FLAGS],
  defaults: { onApplicationUpdate: false },
  common: {
    onGrab: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onGrab on sends a grab, off does not (every kind)',
    ]),
    onReleaseImport: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onReleaseImport on sends an import, off does not (every kind)',
    ]),
    onUpgrade: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onUpgrade on sends an upgrade, off does not (every kind)',
    ]),
    onRename: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onRename on sends a rename, off does not (every kind)',
    ]),
    onAuthorAdded: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onAuthorAdded on sends an added author, off does not (every kind)',
    ]),
    onAuthorDelete: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onAuthorDelete on sends a deleted author, off does not (every kind)',
    ]),
    onBookDelete: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onBookDelete on sends a deleted book, off does not (every kind)',
    ]),
    onBookFileDelete: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onBookFileDelete on sends a deleted file, off does not (every kind)',
    ]),
    onBookFileDeleteForUpgrade: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onBookFileDeleteForUpgrade on sends a file deleted for an upgrade, off does not (every kind)',
    ]),
    onHealthIssue: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onHealthIssue on sends a health error, off does not (every kind)',
    ]),
    includeHealthWarnings: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'includeHealthWarnings on sends a health warning, off does not (every kind)',
    ]),
    onDownloadFailure: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onDownloadFailure on sends a failed download, off does not (every kind)',
    ]),
    onImportFailure: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onImportFailure on sends a failed import, off does not (every kind)',
    ]),
    onBookRetag: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
      'onBookRetag on sends a retag, off does not (every kind)',
    ]),
    onApplicationUpdate: unsupported(
      'Quire does not update itself; new versions come from your package manager or container image, so there is no update event',
    ),
    name: acts('src/notifications/library-events/library-messages.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'a webhook is tested on save with Readarr’s Test payload; a failing endpoint is a 400 unless forceSave',
    ]),
    tags: acts('src/notifications/connections/library-event-delivery.service.ts', [
      'test/e2e/notifications/connections/connection-tags.e2e-spec.ts',
      'an event about an author reaches the connections sharing one of its tags and those without tags',
    ]),
  },
  implementations: {
    Telegram: {
      settings: TelegramSettings,
      fields: {
        botToken: acts('src/notifications/connections/telegram.connection.ts', [
          'test/e2e/notifications/connections/telegram-connection.e2e-spec.ts',
          'test answers the Bot API’s 400 description on the field it is about; a bad token is Readarr’s message',
        ]),
        chatId: acts('src/notifications/connections/telegram.connection.ts', [
          'test/e2e/notifications/connections/telegram-connection.e2e-spec.ts',
          'test answers the Bot API’s 400 description on the field it is about; a bad token is Readarr’s message',
        ]),
        topicId: acts('src/notifications/connections/telegram.connection.ts', [
          'test/e2e/notifications/connections/telegram-connection.e2e-spec.ts',
          'test sends the bold title and message with parse_mode HTML to the chat, loud unless silent, in the topic',
        ]),
        sendSilently: acts('src/notifications/connections/telegram.connection.ts', [
          'test/e2e/notifications/connections/telegram-connection.e2e-spec.ts',
          'test sends the bold title and message with parse_mode HTML to the chat, loud unless silent, in the topic',
        ]),
      },
    },
    Webhook: {
      settings: WebhookSettings,
      fields: {
        url: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'a webhook is tested on save with Readarr’s Test payload; a failing endpoint is a 400 unless forceSave',
        ]),
        method: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
          'a Webhook connection with method PUT sends its events with PUT',
        ]),
        username: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'a webhook is tested on save with Readarr’s Test payload; a failing endpoint is a 400 unless forceSave',
        ]),
        password: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'a webhook is tested on save with Readarr’s Test payload; a failing endpoint is a 400 unless forceSave',
        ]),
      },
    },
    Ntfy: {
      settings: NtfySettings,
      fields: {
        serverUrl: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'ntfy connections publish to each topic through the hub’s channel class',
        ]),
        accessToken: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'ntfy connections publish to each topic through the hub’s channel class',
        ]),
        topics: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'ntfy connections publish to each topic through the hub’s channel class',
        ]),
        priority: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
          'an Ntfy connection’s priority applies to events that set none (Max is ntfy’s urgent)',
        ]),
      },
    },
    Email: {
      settings: EmailSettings,
      fields: {
        server: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
          'an Email connection mails its events from its From address to its recipients, through its server and port',
        ]),
        port: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
          'an Email connection mails its events from its From address to its recipients, through its server and port',
        ]),
        username: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification-durable.e2e-spec.ts',
          'each kind fails first, is retried in the background and ends delivered; attempts visible; no secret in hub rows',
        ]),
        password: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification-durable.e2e-spec.ts',
          'each kind fails first, is retried in the background and ends delivered; attempts visible; no secret in hub rows',
        ]),
        from: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
          'an Email connection mails its events from its From address to its recipients, through its server and port',
        ]),
        to: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/connection-flags.e2e-spec.ts',
          'an Email connection mails its events from its From address to its recipients, through its server and port',
        ]),
        cc: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/email-connection.e2e-spec.ts',
          'names To and Cc in their headers and Bcc only in the envelope',
        ]),
        bcc: acts('src/notifications/hub/channels/email.channel.ts', [
          'test/e2e/notifications/connections/email-connection.e2e-spec.ts',
          'names To and Cc in their headers and Bcc only in the envelope',
        ]),
        requireEncryption: acts('src/notifications/hub/channels/email.channel.ts', [
          'test/e2e/notifications/connections/email-connection.e2e-spec.ts',
          'requireEncryption: a relay without STARTTLS gets nothing; the test says why and the log keeps it',
        ]),
        attachFiles: acts('src/notifications/connections/email-attachments.ts', [
          'test/e2e/notifications/connections/email-connection.e2e-spec.ts',
          'attachFiles: an imported ebook goes along with the import mail; an audiobook file does not',
        ]),
      },
    },
    HomeAssistant: {
      settings: HomeAssistantSettings,
      fields: {
        webhookUrl: acts('src/notifications/hub/channels/ha-tts.channel.ts', [
          'test/e2e/notifications/connections/provider-notification-durable.e2e-spec.ts',
          'each kind fails first, is retried in the background and ends delivered; attempts visible; no secret in hub rows',
        ]),
      },
    },
    QuireHub: {
      settings: QuireHubSettings,
      fields: {
        channels: acts('src/notifications/connections/library-event-delivery.service.ts', [
          'test/e2e/notifications/connections/connection-tags.e2e-spec.ts',
          'with QuireHub connections, their on* flags and channels decide; the routing table no longer gets everything',
        ]),
      },
    },
    Discord: {
      settings: DiscordSettings,
      fields: {
        webHookUrl: acts('src/notifications/connections/discord.connection.ts', [
          'test/e2e/notifications/connections/discord-connection.e2e-spec.ts',
          'test posts Readarr’s test content with the username and avatar; a refused webhook is “Unable to post payload”',
        ]),
        username: acts('src/notifications/connections/discord.connection.ts', [
          'test/e2e/notifications/connections/discord-connection.e2e-spec.ts',
          'test posts Readarr’s test content with the username and avatar; a refused webhook is “Unable to post payload”',
        ]),
        avatar: acts('src/notifications/connections/discord.connection.ts', [
          'test/e2e/notifications/connections/discord-connection.e2e-spec.ts',
          'test posts Readarr’s test content with the username and avatar; a refused webhook is “Unable to post payload”',
        ]),
        author: unsupported(
          'Readarr shows the host only in its application-update message, and Quire has no update event',
        ),
      },
    },
    Notifiarr: {
      settings: NotifiarrSettings,
      fields: {
        apiKey: acts('src/notifications/connections/notifiarr.connection.ts', [
          'test/e2e/notifications/connections/notifiarr-connection.e2e-spec.ts',
          'test posts Readarr’s Test payload with the API key in X-API-Key',
        ]),
      },
    },
    Pushover: {
      settings: PushoverSettings,
      fields: {
        apiKey: acts('src/notifications/connections/pushover.connection.ts', [
          'test/e2e/notifications/connections/pushover-connection.e2e-spec.ts',
          'test posts token, user, devices, title, message, priority and sound; emergency adds retry and expire',
        ]),
        userKey: acts('src/notifications/connections/pushover.connection.ts', [
          'test/e2e/notifications/connections/pushover-connection.e2e-spec.ts',
          'test posts token, user, devices, title, message, priority and sound; emergency adds retry and expire',
        ]),
        devices: acts('src/notifications/connections/pushover.connection.ts', [
          'test/e2e/notifications/connections/pushover-connection.e2e-spec.ts',
          'test posts token, user, devices, title, message, priority and sound; emergency adds retry and expire',
        ]),
        priority: acts('src/notifications/connections/pushover.connection.ts', [
          'test/e2e/notifications/connections/pushover-connection.e2e-spec.ts',
          'test posts token, user, devices, title, message, priority and sound; emergency adds retry and expire',
        ]),
        retry: acts('src/notifications/connections/pushover.connection.ts', [
          'test/e2e/notifications/connections/pushover-connection.e2e-spec.ts',
          'test posts token, user, devices, title, message, priority and sound; emergency adds retry and expire',
        ]),
        expire: acts('src/notifications/connections/pushover.connection.ts', [
          'test/e2e/notifications/connections/pushover-connection.e2e-spec.ts',
          'test posts token, user, devices, title, message, priority and sound; emergency adds retry and expire',
        ]),
        sound: acts('src/notifications/connections/pushover.connection.ts', [
          'test/e2e/notifications/connections/pushover-connection.e2e-spec.ts',
          'test posts token, user, devices, title, message, priority and sound; emergency adds retry and expire',
        ]),
      },
    },
    SendToEReader: {
      settings: SendToEReaderSettings,
      fields: {
        email: acts('src/notifications/connections/send-to-ereader.service.ts', [
          'test/e2e/notifications/connections/send-to-ereader.e2e-spec.ts',
          'sends a newly imported book automatically (onReleaseImport), only to connections whose tags match',
        ]),
        formats: acts('src/notifications/connections/send-to-ereader.service.ts', [
          'test/e2e/notifications/connections/send-to-ereader.e2e-spec.ts',
          'sends the best acceptable file of each book and reports the others (command message)',
        ]),
        maxSizeMB: acts('src/notifications/connections/send-to-ereader.service.ts', [
          'test/e2e/notifications/connections/send-to-ereader.e2e-spec.ts',
          'is in the notification schema with its fields, test and tags',
        ]),
      },
    },
  },
};
