import { Global, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { InjectMetric, makeGaugeProvider, PrometheusModule } from '@willsoto/nestjs-prometheus';
import type { Gauge } from 'prom-client';
import { MetricsController } from './metrics.controller';

@Injectable()
class UpGauge implements OnModuleInit {
  constructor(@InjectMetric('notification_hub_up') private readonly up: Gauge<string>) {}

  onModuleInit() {
    this.up.set(1);
  }
}

/**
 * The one Prometheus registry, served at GET /metrics. Feature modules declare their own metrics
 * with makeCounterProvider / makeHistogramProvider in their module and inject them with @InjectMetric
 * (the providers reuse an existing metric of the same name, so several apps in one test process work).
 */
@Global()
@Module({
  imports: [
    PrometheusModule.register({ path: '/metrics', controller: MetricsController, defaultMetrics: { enabled: false } }),
  ],
  providers: [makeGaugeProvider({ name: 'notification_hub_up', help: 'Service is running' }), UpGauge],
  exports: [PrometheusModule],
})
export class MetricsModule {}
