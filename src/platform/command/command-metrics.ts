import { makeGaugeProvider, makeHistogramProvider } from '@willsoto/nestjs-prometheus';

export const QUEUE_DEPTH_METRIC = 'quire_command_queue_depth';
export const COMMAND_DURATION_METRIC = 'quire_command_duration_seconds';

export const commandMetricProviders = [
  makeGaugeProvider({
    name: QUEUE_DEPTH_METRIC,
    help: 'Commands in the database by status (queued, started, and finished ones still kept)',
    labelNames: ['status'],
  }),
  makeHistogramProvider({
    name: COMMAND_DURATION_METRIC,
    help: 'Run time of finished commands by command name and final status',
    labelNames: ['name', 'status'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
  }),
];
