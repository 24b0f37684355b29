import { acts, pending, unsupported } from '../../platform/settings/inventory/settings-inventory';
import { ProviderKindInventory } from '../../integrations/core/provider-inventory';
import { NotificationResource } from './notification.resource';
import {
  EmailSettings,
  HomeAssistantSettings,
  NtfySettings,
  QuireHubSettings,
  WebhookSettings,
} from './notification.settings';
import { SendToEReaderSettings } from './send-to-ereader.settings';

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
    onGrab: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'delivers library events to the connections whose on* flag is set, with the webhook event type',
    ]),
    onReleaseImport: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'delivers library events to the connections whose on* flag is set, with the webhook event type',
    ]),
    onUpgrade: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'an import reaches onReleaseImport connections; an upgrade only those with onUpgrade too (Readarr)',
    ]),
    onRename: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification-durable.e2e-spec.ts',
      'an ntfy connection with two topics has one delivery per topic: only the failing topic is retried',
    ]),
    onAuthorAdded: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification-durable.e2e-spec.ts',
      'a deleted connection’s pending retry fails for good without sending',
    ]),
    onAuthorDelete: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'deleting a book and an author notifies onBookDelete / onAuthorDelete connections',
    ]),
    onBookDelete: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'deleting a book and an author notifies onBookDelete / onAuthorDelete connections',
    ]),
    onBookFileDelete: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'delivers library events to the connections whose on* flag is set, with the webhook event type',
    ]),
    onBookFileDeleteForUpgrade: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'delivers library events to the connections whose on* flag is set, with the webhook event type',
    ]),
    onHealthIssue: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'delivers library events to the connections whose on* flag is set, with the webhook event type',
    ]),
    onDownloadFailure: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'delivers library events to the connections whose on* flag is set, with the webhook event type',
    ]),
    onImportFailure: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'delivers library events to the connections whose on* flag is set, with the webhook event type',
    ]),
    includeHealthWarnings: acts('src/notifications/connections/notification.service.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'delivers library events to the connections whose on* flag is set, with the webhook event type',
    ]),
    onBookRetag: pending('Quire does not retag files on import yet, so there is no retag event to notify about'),
    onApplicationUpdate: unsupported(
      'Quire does not update itself; new versions come from your package manager or container image, so there is no update event',
    ),
    name: acts('src/notifications/library-events/library-messages.ts', [
      'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
      'a webhook is tested on save with Readarr’s Test payload; a failing endpoint is a 400 unless forceSave',
    ]),
    tags: pending('stored, not yet acted on: connection tags do not limit which authors notify yet'),
  },
  implementations: {
    Webhook: {
      settings: WebhookSettings,
      fields: {
        url: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'a webhook is tested on save with Readarr’s Test payload; a failing endpoint is a 400 unless forceSave',
        ]),
        method: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'a webhook is tested on save with Readarr’s Test payload; a failing endpoint is a 400 unless forceSave',
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
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'ntfy connections publish to each topic through the hub’s channel class',
        ]),
      },
    },
    Email: {
      settings: EmailSettings,
      fields: {
        server: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'ntfy connections publish to each topic through the hub’s channel class',
        ]),
        port: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'delivers library events to the connections whose on* flag is set, with the webhook event type',
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
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'a webhook is tested on save with Readarr’s Test payload; a failing endpoint is a 400 unless forceSave',
        ]),
        to: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification.e2e-spec.ts',
          'delivers library events to the connections whose on* flag is set, with the webhook event type',
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
        channels: acts('src/notifications/connections/notification.connections.ts', [
          'test/e2e/notifications/connections/provider-notification-durable.e2e-spec.ts',
          'a QuireHub test reports a partial hub result as a failure, naming the channel that accepted it',
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
