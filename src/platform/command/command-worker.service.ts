import { Injectable, Logger } from '@nestjs/common';
import { DomainEvents } from '../common/events/domain-events';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { EnvService } from '../env/env.service';
import { CommandWorkerRepository } from './command-worker.repository';
import { CommandRepository } from './command.repository';
import { CommandUpdatedEvent } from './command.events';

/** True when a process with this id exists on this host (EPERM: it exists but is not ours). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * This process's identity in table `command_worker`, its heartbeat, and the sweep that marks the
 * running commands of dead processes `orphaned`. A process is dead when its heartbeat is older than
 * COMMAND_WORKER_TIMEOUT_MS, or — on this host — when its pid is gone or is now ours (our previous life).
 */
@Injectable()
export class CommandWorkerService {
  private readonly logger = new Logger(CommandWorkerService.name);
  readonly id = randomUUID();
  private readonly hostname = hostname();
  private registered = false;

  constructor(
    private readonly workers: CommandWorkerRepository,
    private readonly commands: CommandRepository,
    private readonly env: EnvService,
    private readonly events: DomainEvents,
  ) {}

  get timeoutMs(): number {
    return this.env.get('COMMAND_WORKER_TIMEOUT_MS');
  }

  async register(): Promise<void> {
    await this.workers.insert(this.id, this.hostname, process.pid);
    this.registered = true;
    await this.sweepOrphans();
  }

  async heartbeat(): Promise<void> {
    if (!this.registered) return;
    await this.workers.touch(this.id);
    await this.sweepOrphans();
  }

  /** Marks `started` commands of dead processes `orphaned` (queued ones stay queued); returns their ids. */
  async sweepOrphans(): Promise<number[]> {
    const others = await this.workers.findOthers(this.id, this.timeoutMs);
    const dead = others
      .filter(
        (worker) =>
          worker.stale ||
          (worker.hostname === this.hostname && (worker.pid === process.pid || !processAlive(worker.pid))),
      )
      .map((worker) => worker.id);
    const ids = await this.commands.orphanRunningOf(dead);
    await this.workers.delete(dead);
    if (ids.length > 0)
      this.logger.warn(`Marked ${ids.length} command(s) of stopped processes orphaned: ${ids.join(', ')}`);
    this.publishOrphaned(ids);
    return ids;
  }

  /** Leaves the worker table; whatever this process still runs is orphaned by the next sweep anywhere. */
  async unregister(): Promise<void> {
    if (!this.registered) return;
    this.registered = false;
    const orphaned = await this.commands.orphanRunningOfWorker(this.id);
    await this.workers.delete([this.id]);
    this.publishOrphaned(orphaned);
  }

  private publishOrphaned(ids: number[]): void {
    for (const id of ids) this.events.emit(CommandUpdatedEvent.NAME, new CommandUpdatedEvent(id, 'orphaned'));
  }
}
