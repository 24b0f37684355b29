import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { EnvService } from '../env/env.service';
import { rowsOf } from '../database/rows';
import { CommandUpdatedEvent } from './command.events';

interface WorkerRow {
  id: string;
  hostname: string;
  pid: number;
  stale: boolean;
}

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
    private readonly dataSource: DataSource,
    private readonly env: EnvService,
    private readonly events: EventEmitter2,
  ) {}

  get timeoutMs(): number {
    return this.env.get('COMMAND_WORKER_TIMEOUT_MS');
  }

  async register(): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO command_worker (id, hostname, pid, started_at, last_seen) VALUES ($1, $2, $3, now(), now())`,
      [this.id, this.hostname.slice(0, 255), process.pid],
    );
    this.registered = true;
    await this.sweepOrphans();
  }

  async heartbeat(): Promise<void> {
    if (!this.registered) return;
    await this.dataSource.query(`UPDATE command_worker SET last_seen = now() WHERE id = $1`, [this.id]);
    await this.sweepOrphans();
  }

  /** Marks `started` commands of dead processes `orphaned` (queued ones stay queued); returns their ids. */
  async sweepOrphans(): Promise<number[]> {
    const workers: WorkerRow[] = await this.dataSource.query(
      `SELECT id, hostname, pid, last_seen < now() - make_interval(secs => $1::float8 / 1000) AS stale
         FROM command_worker WHERE id <> $2`,
      [this.timeoutMs, this.id],
    );
    const dead = workers
      .filter(
        (worker) =>
          worker.stale ||
          (worker.hostname === this.hostname && (worker.pid === process.pid || !processAlive(worker.pid))),
      )
      .map((worker) => worker.id);
    const orphaned: unknown = await this.dataSource.query(
      `UPDATE command SET status = 'orphaned', ended_at = clock_timestamp()
        WHERE status = 'started'
          AND (worker_id IS NULL OR worker_id = ANY($1::uuid[])
               OR NOT EXISTS (SELECT 1 FROM command_worker w WHERE w.id = command.worker_id))
        RETURNING id`,
      [dead],
    );
    const ids = rowsOf<{ id: number }>(orphaned).map((row) => row.id);
    if (dead.length > 0) await this.dataSource.query(`DELETE FROM command_worker WHERE id = ANY($1::uuid[])`, [dead]);
    if (ids.length > 0)
      this.logger.warn(`Marked ${ids.length} command(s) of stopped processes orphaned: ${ids.join(', ')}`);
    this.publishOrphaned(ids);
    return ids;
  }

  /** Leaves the worker table; whatever this process still runs is orphaned by the next sweep anywhere. */
  async unregister(): Promise<void> {
    if (!this.registered) return;
    this.registered = false;
    const orphaned: unknown = await this.dataSource.query(
      `UPDATE command SET status = 'orphaned', ended_at = clock_timestamp()
        WHERE status = 'started' AND worker_id = $1 RETURNING id`,
      [this.id],
    );
    await this.dataSource.query(`DELETE FROM command_worker WHERE id = $1`, [this.id]);
    this.publishOrphaned(rowsOf<{ id: number }>(orphaned).map((row) => row.id));
  }

  private publishOrphaned(ids: number[]): void {
    for (const id of ids) this.events.emit(CommandUpdatedEvent.NAME, new CommandUpdatedEvent(id, 'orphaned'));
  }
}
