import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DomainEvents, OnDomainEvent } from '../common/events/domain-events';
import { ApplicationStoppingEvent } from '../common/lifecycle/application-stopping.event';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { Gauge, Histogram } from 'prom-client';
import { EnvService } from '../env/env.service';
import { CommandContext } from './command-handler.decorator';
import { COMMAND_DURATION_METRIC, QUEUE_DEPTH_METRIC } from './command-metrics';
import { CommandQueueService } from './command-queue.service';
import { CommandRegistry } from './command-registry.service';
import { CommandWorkerService } from './command-worker.service';
import { CommandEntity } from './command.entity';
import { CommandExecutedEvent, CommandUpdatedEvent } from './command.events';
import { CommandStatus, CommandStatusName } from './command.enums';
import { CommandRepository } from './command.repository';

export class NoHandlerError extends Error {
  constructor(name: string) {
    super(`No handler is registered for command '${name}' in this version of Quire`);
    this.name = 'NoHandlerError';
  }
}

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
  private readonly collector = () => this.collectDepth().catch(() => undefined);

  constructor(
    private readonly commands: CommandRepository,
    private readonly env: EnvService,
    private readonly registry: CommandRegistry,
    private readonly queue: CommandQueueService,
    private readonly worker: CommandWorkerService,
    private readonly events: DomainEvents,
    @InjectMetric(QUEUE_DEPTH_METRIC) private readonly depth: Gauge<string>,
    @InjectMetric(COMMAND_DURATION_METRIC) private readonly durations: Histogram<string>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    (this.depth as unknown as { collect?: () => Promise<void> }).collect = this.collector;
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
    const gauge = this.depth as unknown as { collect?: () => Promise<void> };
    if (gauge.collect === this.collector) delete gauge.collect;
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
          const run: Promise<void> = this.execute(command).finally(() => {
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
  async claimNext(): Promise<CommandEntity | undefined> {
    const started = await this.commands.claimNext(this.worker.id);
    if (started)
      this.events.emit(CommandUpdatedEvent.NAME, new CommandUpdatedEvent(started.id, 'started', { ...started }));
    return started;
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

  private async execute(command: CommandEntity): Promise<void> {
    const registered = this.registry.get(command.name);
    const started = Date.now();
    const context: CommandContext = {
      commandId: command.id,
      trigger: command.trigger,
      progress: (message: string) => this.progress(command, message),
    };
    let status: CommandStatusName = 'completed';
    let message: string;
    let exception: string | null = null;
    try {
      if (!registered) throw new NoHandlerError(command.name);
      const returned = await registered.instance.execute(command.body, context);
      message = returned || (command.body.completionMessage as string | undefined) || 'Completed';
    } catch (error) {
      status = 'failed';
      message = error instanceof Error ? error.message : String(error);
      exception = error instanceof NoHandlerError ? `${error.name}: ${error.message}` : errorText(error);
      if (!(error instanceof NoHandlerError))
        this.logger.warn(`Command ${command.name} (${command.id}) failed: ${message}`);
    }
    this.durations.observe({ name: command.name, status }, (Date.now() - started) / 1000);
    try {
      const recorded = await this.commands.finish(command.id, this.worker.id, { status, message, exception });
      if (!recorded) return; // orphaned meanwhile by another process: its verdict stands
      const finished = await this.commands.findById(command.id);
      this.events.emit(CommandUpdatedEvent.NAME, new CommandUpdatedEvent(command.id, status, finished ?? undefined));
      if (finished) await this.events.emitAsync(CommandExecutedEvent.NAME, new CommandExecutedEvent(finished));
    } catch (error) {
      if (!this.stopping) this.logger.error(`Recording the end of command ${command.id} failed: ${String(error)}`);
    }
  }

  private async progress(command: CommandEntity, message: string): Promise<void> {
    const changed = await this.commands.setProgress(command.id, message);
    if (changed)
      this.events.emit(
        CommandUpdatedEvent.NAME,
        new CommandUpdatedEvent(command.id, 'started', { ...command, message }),
      );
  }

  private async beat(): Promise<void> {
    try {
      await this.worker.heartbeat();
    } catch (error) {
      if (!this.stopping) this.logger.warn(`Command worker heartbeat failed: ${String(error)}`);
    }
  }

  private async collectDepth(): Promise<void> {
    if (!this.commands.connected || this.stopping) return;
    const counts = await this.commands.countByStatus();
    for (const status of CommandStatus.names) this.depth.set({ status }, counts.get(status) ?? 0);
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
