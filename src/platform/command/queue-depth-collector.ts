import { Injectable } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { Gauge } from 'prom-client';
import { QUEUE_DEPTH_METRIC } from './command-metrics';
import { CommandStatus } from './command.enums';
import { CommandRepository } from './command.repository';

type CollectableGauge = { collect?: () => Promise<void> };

/** The queue-depth gauge, filled with the commands per status each time /metrics is read. */
@Injectable()
export class QueueDepthCollector {
  private stopping: () => boolean = () => false;
  private readonly collector = () => this.collect().catch(() => undefined);

  constructor(
    private readonly commands: CommandRepository,
    @InjectMetric(QUEUE_DEPTH_METRIC) private readonly depth: Gauge<string>,
  ) {}

  /** From now on until `detach`; `stopping`: whether the process is stopping (then nothing is counted). */
  attach(stopping: () => boolean): void {
    this.stopping = stopping;
    (this.depth as unknown as CollectableGauge).collect = this.collector;
  }

  detach(): void {
    const gauge = this.depth as unknown as CollectableGauge;
    if (gauge.collect === this.collector) delete gauge.collect;
  }

  private async collect(): Promise<void> {
    if (!this.commands.connected || this.stopping()) return;
    const counts = await this.commands.countByStatus();
    for (const status of CommandStatus.names) this.depth.set({ status }, counts.get(status) ?? 0);
  }
}
