import { NOTIFICATION_EVENTS, NotificationEventType } from './notification-connection';

/** Readarr's Test payload: a made-up author and book. */
const TEST_FIELDS = {
  author: { id: 1, name: 'Test Name', path: 'C:\\testpath', goodreadsId: 'aaaaa-aaa-aaaa-aaaaaa' },
  books: [{ id: 123, title: 'Test title' }],
};

/**
 * Readarr's webhook JSON for an event: `eventType` (its WebhookEventType name), `instanceName`, then the fields the
 * notifier put in the event's `webhookPayload` (the library as it was at the event). Events stored before those
 * fields existed send their data as it is. Null values are left out, as Readarr's serializer does.
 */
export function readarrWebhookPayload(
  eventType: NotificationEventType,
  data: Record<string, unknown>,
  instanceName: string,
): Record<string, unknown> {
  const base = {
    eventType: eventType === 'test' ? 'Test' : NOTIFICATION_EVENTS[eventType].webhook,
    instanceName,
  };
  if (eventType === 'test') return { ...base, ...TEST_FIELDS };
  const { webhookPayload, ...facts } = data;
  const fields = isObject(webhookPayload) ? webhookPayload : facts;
  return withoutNulls({ ...base, ...fields }) as Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== null && item !== undefined)
      .map(([key, item]) => [key, withoutNulls(item)]),
  );
}
