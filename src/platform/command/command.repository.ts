import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { rowsOf } from '../database/rows';
import { CommandEntity } from './command.entity';
import { CommandStatusName } from './command.enums';

// Arbitrary constant: serialises claims of every Quire process on one database, so the exclusivity
// rules are checked against a stable set of running commands.
const CLAIM_LOCK_ID = 727_002;

/** The order of `GET /command`: running first, then queued, then the finished ones. */
const STATUS_ORDER: CommandStatusName[] = [
  'started',
  'queued',
  'completed',
  'failed',
  'aborted',
  'cancelled',
  'orphaned',
];

interface RunningRow {
  name: string;
  exclusive: boolean;
  type_exclusive: boolean;
  disk_access: boolean;
  long_running: boolean;
}

export interface CommandOutcome {
  status: CommandStatusName;
  message: string;
  exception: string | null;
}

/** Every read and write of table `command`: queueing, claiming under Readarr's exclusivity rules, finishing. */
@Injectable()
export class CommandRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get commands() {
    return this.dataSource.getRepository(CommandEntity);
  }

  /** False once the database connection is closed (shutdown). */
  get connected(): boolean {
    return this.dataSource.isInitialized;
  }

  findById(id: number): Promise<CommandEntity | null> {
    return this.commands.findOneBy({ id });
  }

  /**
   * Inserts a queued command unless an equal one (same name and dedup key) is queued or running — the partial
   * unique index over those rows makes that hold across processes. Returns the new id, or undefined.
   */
  async insertUnlessPending(row: QueryDeepPartialEntity<CommandEntity>): Promise<number | undefined> {
    const inserted = await this.commands
      .createQueryBuilder()
      .insert()
      .values(row)
      .orIgnore()
      .returning(['id'])
      .execute();
    return (inserted.raw as { id: number }[])[0]?.id;
  }

  /** The queued or running command equal to one being queued. */
  async findPending(name: string, dedupKey: string): Promise<CommandEntity | null> {
    return this.commands
      .createQueryBuilder('c')
      .where('c.name = :name AND c.dedup_key = :key', { name, key: dedupKey })
      .andWhere(`c.status IN ('queued', 'started')`)
      .getOne();
  }

  /** Queued and running commands and those that ended after `endedSince`, in the order `GET /command` shows them. */
  findPendingAndEndedSince(endedSince: Date): Promise<CommandEntity[]> {
    const order = `CASE c.status ${STATUS_ORDER.map((status, index) => `WHEN '${status}' THEN ${index}`).join(' ')} END`;
    return this.commands
      .createQueryBuilder('c')
      .where(
        new Brackets((where) =>
          where.where(`c.status IN ('queued', 'started')`).orWhere('c.ended_at > :since', { since: endedSince }),
        ),
      )
      .orderBy(order, 'ASC')
      .addOrderBy('c.priority', 'DESC')
      .addOrderBy('c.queued_at', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .getMany();
  }

  /** Marks a queued command cancelled; false when it was not queued (any more). */
  async cancelQueued(id: number): Promise<boolean> {
    const updated = await this.commands
      .createQueryBuilder()
      .update()
      .set({ status: 'cancelled', endedAt: () => 'clock_timestamp()', message: 'Cancelled' })
      .where(`id = :id AND status = 'queued'`, { id })
      .execute();
    return Boolean(updated.affected);
  }

  /**
   * One short transaction: lock, read the running set, pick the first eligible queued row, mark it started by
   * `workerId`. An exclusive command runs alone; a type-exclusive one alone of its name; disk-access ones one at a
   * time; an exclusive command waits for the running ones unless all of those are long-running.
   */
  async claimNext(workerId: string): Promise<CommandEntity | undefined> {
    const id = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK_ID]);
      const running: RunningRow[] = await manager.query(
        `SELECT name, exclusive, type_exclusive, disk_access, long_running FROM command WHERE status = 'started'`,
      );
      if (running.some((row) => row.exclusive)) return undefined;
      let next = await this.pickQueued(manager, running, true);
      if (next?.exclusive && running.length > 0) {
        if (!running.every((row) => row.long_running)) return undefined;
        next = await this.pickQueued(manager, running, false);
      }
      if (!next) return undefined;
      await manager.query(
        `UPDATE command SET status = 'started', started_at = clock_timestamp(), worker_id = $2 WHERE id = $1`,
        [next.id, workerId],
      );
      return next.id;
    });
    if (id === undefined) return undefined;
    return (await this.commands.findOneBy({ id })) ?? undefined;
  }

  private async pickQueued(manager: EntityManager, running: RunningRow[], allowExclusive: boolean) {
    const rows: { id: number; exclusive: boolean }[] = await manager.query(
      `SELECT id, exclusive FROM command
        WHERE status = 'queued'
          AND NOT (disk_access AND $1::boolean)
          AND NOT (type_exclusive AND name = ANY($2::varchar[]))
          AND ($3::boolean OR NOT exclusive)
        ORDER BY priority DESC, queued_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED`,
      [
        running.some((row) => row.disk_access),
        running.filter((row) => row.type_exclusive).map((row) => row.name),
        allowExclusive,
      ],
    );
    return rows[0];
  }

  /**
   * Records how a command this worker runs ended; false when it is no longer this worker's (orphaned meanwhile by
   * another process, whose verdict stands).
   */
  async finish(id: number, workerId: string, outcome: CommandOutcome): Promise<boolean> {
    const updated = rowsOf<{ id: number }>(
      await this.dataSource.query(
        `UPDATE command SET status = $2, result = $3, message = $4, exception = $5, ended_at = clock_timestamp()
          WHERE id = $1 AND status = 'started' AND worker_id = $6 RETURNING id`,
        [
          id,
          outcome.status,
          outcome.status === 'completed' ? 'successful' : 'unsuccessful',
          outcome.message,
          outcome.exception,
          workerId,
        ],
      ),
    );
    return updated.length > 0;
  }

  /** Sets a running command's progress message; false when it is not running or the message is unchanged. */
  async setProgress(id: number, message: string): Promise<boolean> {
    const updated: unknown = await this.dataSource.query(
      `UPDATE command SET message = $2 WHERE id = $1 AND status = 'started' AND message IS DISTINCT FROM $2 RETURNING id`,
      [id, message],
    );
    return rowsOf(updated).length > 0;
  }

  async countByStatus(): Promise<Map<string, number>> {
    const rows: { status: string; count: string }[] = await this.dataSource.query(
      `SELECT status, count(*) AS count FROM command GROUP BY status`,
    );
    return new Map(rows.map((row) => [row.status, Number(row.count)]));
  }

  /** Queued or running commands anywhere (every process sharing the database). */
  async countPending(): Promise<number> {
    return this.commands.createQueryBuilder('c').where(`c.status IN ('queued', 'started')`).getCount();
  }

  /** Deletes finished commands that ended before `before`; returns how many. */
  async deleteEndedBefore(before: Date): Promise<number> {
    const result = await this.commands
      .createQueryBuilder()
      .delete()
      .where(`status NOT IN ('queued', 'started') AND ended_at < :before`, { before })
      .execute();
    return result.affected ?? 0;
  }

  /** Marks the running commands of the given workers (or of none known) orphaned; returns their ids. */
  async orphanRunningOf(deadWorkerIds: string[]): Promise<number[]> {
    const orphaned: unknown = await this.dataSource.query(
      `UPDATE command SET status = 'orphaned', ended_at = clock_timestamp()
        WHERE status = 'started'
          AND (worker_id IS NULL OR worker_id = ANY($1::uuid[])
               OR NOT EXISTS (SELECT 1 FROM command_worker w WHERE w.id = command.worker_id))
        RETURNING id`,
      [deadWorkerIds],
    );
    return rowsOf<{ id: number }>(orphaned).map((row) => row.id);
  }

  /** Marks what one worker still runs orphaned (it is leaving). */
  async orphanRunningOfWorker(workerId: string): Promise<number[]> {
    const orphaned: unknown = await this.dataSource.query(
      `UPDATE command SET status = 'orphaned', ended_at = clock_timestamp()
        WHERE status = 'started' AND worker_id = $1 RETURNING id`,
      [workerId],
    );
    return rowsOf<{ id: number }>(orphaned).map((row) => row.id);
  }
}
