import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { CommandQueueService } from '../../../platform/command/command-queue.service';
import { MetadataNotReadyError } from '../metadata-source';

/** How often one refresh is tried again while the source keeps saying "still loading". */
export const MAX_NOT_READY_ATTEMPTS = 10;
const DEFAULT_DELAY_MS = 60_000;
const MIN_DELAY_MS = 1_000;
const MAX_DELAY_MS = 15 * 60_000;

/**
 * A refresh the source answered with "still loading" changed nothing; this queues the same refresh again later
 * (after the source's Retry-After, else a growing delay), a bounded number of times. The timer only queues a
 * command: the queue keeps running everything else meanwhile. Should the process stop first, the scheduled
 * author refresh picks the author up anyway.
 */
@Injectable()
export class NotReadyRetries implements OnApplicationShutdown {
  private readonly logger = new Logger(NotReadyRetries.name);
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly commands: CommandQueueService) {}

  /** Returns the message for the command, saying whether (and when) a retry was queued. */
  schedule(command: string, body: Record<string, unknown>, error: MetadataNotReadyError, attempt: number): string {
    const next = attempt + 1;
    if (next > MAX_NOT_READY_ATTEMPTS)
      return `${error.message}; nothing was changed (gave up after ${MAX_NOT_READY_ATTEMPTS} attempts, the next scheduled refresh tries again)`;
    const delay = Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, error.retryAfterMs ?? DEFAULT_DELAY_MS * next));
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.commands.enqueue(command, { ...body, notReadyAttempt: next }).catch((failure: unknown) => {
        this.logger.warn(`${command} retry not queued: ${(failure as Error).message}`);
      });
    }, delay);
    timer.unref();
    this.timers.add(timer);
    return `${error.message}; nothing was changed, trying again in ${Math.round(delay / 1000)} s`;
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
