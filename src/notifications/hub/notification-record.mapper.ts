import { HubDelivery } from './entities/hub-delivery.entity';
import { HubNotification } from './entities/hub-notification.entity';
import { DeliveryResource, NotificationRecordResource } from './notification-record.resource';

/** pending while any channel may still be retried; then delivered, partial or failed. */
export function finalState(deliveries: HubDelivery[]): 'pending' | 'delivered' | 'partial' | 'failed' {
  if (deliveries.some((delivery) => delivery.state === 'pending')) return 'pending';
  const delivered = deliveries.filter((delivery) => delivery.state === 'delivered').length;
  if (delivered > 0 && delivered === deliveries.length) return 'delivered';
  return delivered > 0 ? 'partial' : 'failed';
}

function toDelivery(delivery: HubDelivery): DeliveryResource {
  return {
    channel: delivery.channel,
    connectionId: delivery.connectionId ?? undefined,
    state: delivery.state,
    attemptCount: delivery.attempts,
    nextAttemptAt: delivery.state === 'pending' ? (delivery.nextAttemptAt ?? undefined) : undefined,
    deliveredAt: delivery.deliveredAt ?? undefined,
    lastError: delivery.lastError ?? undefined,
    attempts: (delivery.attemptLog ?? []).map((attempt) => ({
      number: attempt.number,
      outcome: attempt.outcome,
      transient: attempt.transient,
      statusCode: attempt.statusCode ?? undefined,
      error: attempt.error ?? undefined,
      detail: attempt.detail ?? undefined,
      startedAt: attempt.startedAt,
      durationMs: attempt.durationMs,
    })),
  };
}

export function toNotificationRecord(notification: HubNotification): NotificationRecordResource {
  const deliveries = notification.deliveries ?? [];
  return {
    id: notification.id,
    sourceAgent: notification.sourceAgent,
    title: notification.title,
    body: notification.body,
    priority: notification.priority,
    metadata: notification.metadata,
    requestedChannels: notification.requestedChannels,
    channels: notification.channels,
    resolvedBy: notification.resolution,
    status: notification.status ?? undefined,
    channelsDispatched: notification.channelsDispatched ?? [],
    finalState: finalState(deliveries),
    createdAt: notification.createdAt,
    completedAt: notification.completedAt ?? undefined,
    deliveries: deliveries.map(toDelivery),
  };
}
