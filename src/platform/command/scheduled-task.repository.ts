import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rowsOf } from '../database/rows';
import { ScheduledTaskEntity } from './scheduled-task.entity';

export interface DueTask {
  task_name: string;
  priority: number;
  last_execution: Date | null;
  last_start_time: Date | null;
}

export interface TaskSeed {
  taskName: string;
  intervalMinutes: number;
  priority: number;
}

/** Table `scheduled_task`: Readarr's scheduled tasks, their intervals and last runs. */
@Injectable()
export class ScheduledTaskRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get tasks() {
    return this.dataSource.getRepository(ScheduledTaskEntity);
  }

  /** Creates the rows of tasks not yet known (their first run counts from now), in one statement. */
  async insertMissing(seeds: TaskSeed[]): Promise<void> {
    await this.tasks
      .createQueryBuilder()
      .insert()
      .values(seeds.map((seed) => ({ ...seed, lastExecution: () => 'now()' })))
      .orIgnore()
      .execute();
  }

  /**
   * Marks the due tasks among `names` queued and returns them. One conditional UPDATE, so several processes
   * sharing the database claim a due task once.
   */
  async claimDue(names: string[]): Promise<DueTask[]> {
    return rowsOf<DueTask>(
      await this.dataSource.query(
        `UPDATE scheduled_task SET last_queued_at = clock_timestamp()
          WHERE task_name = ANY($1::varchar[]) AND interval_minutes > 0
            AND COALESCE(last_execution, '-infinity') + make_interval(mins => interval_minutes) < now()
            AND (last_queued_at IS NULL
                 OR last_queued_at <= COALESCE(last_execution, '-infinity')
                 OR last_queued_at + make_interval(mins => interval_minutes) < now())
          RETURNING task_name, priority, last_execution, last_start_time`,
        [names],
      ),
    );
  }

  /** Sets the interval of each named task whose stored interval differs. */
  async setIntervals(names: string[], minutes: number[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE scheduled_task t SET interval_minutes = v.minutes
         FROM unnest($1::varchar[], $2::int[]) AS v(name, minutes)
        WHERE t.task_name = v.name AND t.interval_minutes <> v.minutes`,
      [names, minutes],
    );
  }

  findAll(): Promise<ScheduledTaskEntity[]> {
    return this.tasks.find();
  }

  findById(id: number): Promise<ScheduledTaskEntity | null> {
    return this.tasks.findOneBy({ id });
  }

  async recordRun(taskName: string, startedAt: Date, endedAt: Date): Promise<void> {
    await this.tasks.update(
      { taskName },
      { lastExecution: endedAt, lastStartTime: startedAt, lastDurationMs: endedAt.getTime() - startedAt.getTime() },
    );
  }
}
