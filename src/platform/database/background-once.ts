import { Logger } from '@nestjs/common';

/**
 * A maintenance task started from a hot path (e.g. folding delta rows a reader found too many of): runs in
 * the background, one at a time (a start while it runs is ignored), and a failure is logged, not thrown.
 */
export class BackgroundOnce {
  private running?: Promise<void>;

  constructor(
    private readonly logger: Logger,
    private readonly what: string,
    private readonly task: () => Promise<void>,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = this.task()
      .catch((error: unknown) => this.logger.warn(`${this.what} failed: ${String(error)}`))
      .finally(() => (this.running = undefined));
  }
}
