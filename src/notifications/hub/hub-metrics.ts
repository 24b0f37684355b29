import { makeCounterProvider, makeGaugeProvider, makeHistogramProvider } from '@willsoto/nestjs-prometheus';

export const METRIC_NOTIFICATIONS = 'notification_hub_notifications_total';
export const METRIC_DELIVERIES = 'notification_hub_deliveries_total';
export const METRIC_DELIVERY_DURATION = 'notification_hub_delivery_duration_seconds';
export const METRIC_CIRCUIT_STATE = 'notification_hub_circuit_state';

/** The hub's metrics, served by GET /metrics beside notification_hub_up. */
export const hubMetricProviders = [
  makeCounterProvider({
    name: METRIC_NOTIFICATIONS,
    help: 'Notifications accepted, by overall status of the first attempt (ok, partial, failed)',
    labelNames: ['status'],
  }),
  makeCounterProvider({
    name: METRIC_DELIVERIES,
    help: 'Channel delivery attempts, by channel and result (sent, failed, skipped, blocked)',
    labelNames: ['channel', 'result'],
  }),
  makeHistogramProvider({
    name: METRIC_DELIVERY_DURATION,
    help: 'Duration of channel send attempts in seconds',
    labelNames: ['channel'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
  }),
  makeGaugeProvider({
    name: METRIC_CIRCUIT_STATE,
    help: 'Circuit breaker state per channel: 0 closed, 1 open, 2 half open',
    labelNames: ['channel'],
  }),
];
