import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { OnDomainEvent } from '../common/events/domain-events';
import { ApplicationStoppingEvent } from '../common/lifecycle/application-stopping.event';
import { EnvService } from '../env/env.service';
import { CommandQueueService } from './command-queue.service';
import { CommandRunner } from './command-runner';
import { CommandWorkerService } from './command-worker.service';
import { CommandEntity } from './command.entity';
import { CommandRepository } from './command.repository';
import { QueueDepthCollector } from './queue-depth-collector';

/**
 * Runs queued commands: a polling loop per process (plus a wake-up on local enqueue), at most
 * COMMAND_CONCURRENCY at a time, claiming rows with FOR UPDATE SKIP LOCKED under a transaction-level
 * advisory lock so Readarr's exclusivity rules hold across processes.
 */
@Injectable()
export class CommandExecutorService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CommandExecutorService.name);
  private readonly running = new Set<Promise<void>>();
  private pumping = false;
  private pumpAgain = false;
  private stopping = false;
  private deadline?: number;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe?: () => void;
  private readonly isStopping = () => this.stopping;

  constructor(
    private readonly commands: CommandRepository,
    private readonly env: EnvService,
    private readonly queue: CommandQueueService,
    private readonly worker: CommandWorkerService,
    private readonly runner: CommandRunner,
    private readonly depth: QueueDepthCollector,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.depth.attach(this.isStopping);
    await this.worker.register();
    this.unsubscribe = this.queue.onEnqueued(() => this.wake());
    const poll = setInterval(() => this.wake(), this.env.get('COMMAND_POLL_INTERVAL_MS'));
    const heartbeat = setInterval(() => void this.beat(), Math.max(250, Math.floor(this.worker.timeoutMs / 4)));
    poll.unref();
    heartbeat.unref();
    this.timers = [poll, heartbeat];
    this.wake();
  }

  /** A stop has begun: claim nothing more; running commands may finish until the stop's deadline. */
  @OnDomainEvent(ApplicationStoppingEvent.NAME)
  onStopping(event: ApplicationStoppingEvent): void {
    this.stopping = true;
    this.deadline = event.deadline;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.depth.detach();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (this.running.size > 0) {
      const grace =
        this.deadline !== undefined
          ? Math.max(0, this.deadline - Date.now())
          : this.env.get('COMMAND_SHUTDOWN_GRACE_MS');
      this.logger.log(`Waiting up to ${grace} ms for ${this.running.size} running command(s)`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running]),
        new Promise((resolve) => (timer = setTimeout(resolve, grace))),
      ]);
      clearTimeout(timer);
    }
    await this.worker
      .unregister()
      .catch((error: unknown) => this.logger.warn(`Leaving the worker table failed: ${String(error)}`));
  }

  /** Number of commands this process is running now. */
  get activeCount(): number {
    return this.running.size;
  }

  /** Look for work now (instead of at the next poll). */
  wake(): void {
    if (this.stopping) return;
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        while (!this.stopping && this.running.size < this.env.get('COMMAND_CONCURRENCY')) {
          const command = await this.claimNext();
          if (!command) break;
          const run: Promise<void> = this.runner.run(command, this.isStopping).finally(() => {
            this.running.delete(run);
            this.wake();
          });
          this.running.add(run);
        }
      } while (this.pumpAgain && !this.stopping);
    } catch (error) {
      if (!this.stopping) this.logger.error(`Claiming a command failed: ${String(error)}`);
    } finally {
      this.pumping = false;
    }
  }

  /** Claims the next queued command this process may run now (Readarr's exclusivity rules), if any. */
  claimNext(): Promise<CommandEntity | undefined> {
    return this.runner.claimNext();
  }

  /**
   * Runs queued commands in this process until none is queued or running in the database, including the
   * follow-up commands they queue — deterministic for tests, without polling over HTTP.
   */
  async drain(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.pump();
      if (this.running.size > 0) {
        await Promise.race(this.running);
        continue;
      }
      const pending = await this.commands.countPending();
      if (pending === 0) return;
      if (Date.now() > deadline) throw new Error(`${pending} command(s) still queued or running after ${timeoutMs} ms`);
      // Queued behind a command of another process, or a pump of the poll loop is under way: look again shortly.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async beat(): Promise<void> {
    try {
      await this.worker.heartbeat();
    } catch (error) {
      if (!this.stopping) this.logger.warn(`Command worker heartbeat failed: ${String(error)}`);
    }
  }
}
