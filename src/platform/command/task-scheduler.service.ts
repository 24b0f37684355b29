import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { NotFoundError } from '../common/errors/domain-errors';
import { OnDomainEvent } from '../common/events/domain-events';
import { EnvService } from '../env/env.service';
import { ConfigStore } from '../database/config-store.service';
import { CommandExecutedEvent } from './command.events';
import { CommandQueueService } from './command-queue.service';
import { CommandRegistry } from './command-registry.service';
import { CommandPriority } from './command.enums';
import { backupIntervalMinutes, rssSyncIntervalMinutes, TASK_DEFINITIONS } from './scheduled-tasks';
import { ScheduledTaskEntity } from './scheduled-task.entity';
import { ScheduledTaskRepository } from './scheduled-task.repository';

const TICK_NAME = 'quire-command-scheduler';

/**
 * Readarr's scheduler: the tasks of `scheduled-tasks.ts` live in table `scheduled_task`; every tick, due tasks whose
 * handler exists in this process are claimed with one conditional UPDATE (so several processes queue a
 * due task once) and queued as commands with trigger `scheduled`.
 */
@Injectable()
export class TaskSchedulerService implements OnApplicationBootstrap {
  private readonly logger = new Logger(TaskSchedulerService.name);
  private ticking = false;

  constructor(
    private readonly tasks: ScheduledTaskRepository,
    private readonly queue: CommandQueueService,
    private readonly registry: CommandRegistry,
    private readonly config: ConfigStore,
    private readonly env: EnvService,
    private readonly schedulerRegistry: SchedulerRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.seed();
    const timer = setInterval(() => void this.tick(), this.env.get('SCHEDULER_TICK_MS'));
    timer.unref();
    this.schedulerRegistry.addInterval(TICK_NAME, timer);
  }

  /** Creates missing task rows (first run counts from now) and applies the current intervals. */
  async seed(): Promise<void> {
    const intervals = await this.intervals();
    // One statement for all tasks: start-up waits for it, and on the embedded database each round trip counts.
    await this.tasks.insertMissing(
      TASK_DEFINITIONS.map((task) => ({
        taskName: task.taskName,
        intervalMinutes: intervals.get(task.taskName) ?? task.interval,
        priority: CommandPriority.toNumber(task.priority ?? 'normal'),
      })),
    );
    await this.applyIntervals(intervals);
  }

  /** Queues every due task with a registered handler; returns the names queued by this call. */
  async tick(): Promise<string[]> {
    if (this.ticking) return [];
    this.ticking = true;
    try {
      await this.applyIntervals(await this.intervals());
      const schedulable = TASK_DEFINITIONS.map((task) => task.taskName).filter((name) => this.registry.has(name));
      if (schedulable.length === 0) return [];
      const due = await this.tasks.claimDue(schedulable);
      for (const task of due) {
        const priority = CommandPriority.names.find((name) => CommandPriority.toNumber(name) === task.priority);
        await this.queue.enqueue(
          task.task_name,
          {},
          {
            trigger: 'scheduled',
            priority: priority ?? 'normal',
            lastExecutionTime: task.last_execution,
            lastStartTime: task.last_start_time,
          },
        );
      }
      return due.map((task) => task.task_name);
    } catch (error) {
      this.logger.warn(`Scheduler tick failed: ${String(error)}`);
      return [];
    } finally {
      this.ticking = false;
    }
  }

  async list(): Promise<ScheduledTaskEntity[]> {
    await this.applyIntervals(await this.intervals());
    const tasks = await this.tasks.findAll();
    return tasks.sort((a, b) => a.taskName.localeCompare(b.taskName));
  }

  async get(id: number): Promise<ScheduledTaskEntity> {
    await this.applyIntervals(await this.intervals());
    const task = await this.tasks.findById(id);
    if (!task) throw new NotFoundError(`Scheduled task with ID ${id} does not exist`);
    return task;
  }

  /** A run that updates its scheduled task (Readarr's `updateScheduledTask`) moves the task's last execution. */
  @OnDomainEvent(CommandExecutedEvent.NAME)
  async onCommandExecuted(event: CommandExecutedEvent): Promise<void> {
    const command = event.command;
    if (!command.body.updateScheduledTask || !command.startedAt || !command.endedAt) return;
    await this.tasks.recordRun(command.name, command.startedAt, command.endedAt);
  }

  /** RssSync from `config/indexer` `rssSyncInterval`, Backup from `config/host` `backupInterval` (days). */
  private async intervals(): Promise<Map<string, number>> {
    const indexer = await this.config.getSection('indexer', { rssSyncInterval: 15 });
    const host = await this.config.getSection('host', { backupInterval: 7 });
    return new Map([
      ['RssSync', rssSyncIntervalMinutes(Number(indexer.rssSyncInterval))],
      ['Backup', backupIntervalMinutes(Number(host.backupInterval))],
    ]);
  }

  private async applyIntervals(intervals: Map<string, number>): Promise<void> {
    const names = TASK_DEFINITIONS.map((task) => task.taskName);
    const minutes = TASK_DEFINITIONS.map((task) => intervals.get(task.taskName) ?? task.interval);
    await this.tasks.setIntervals(names, minutes);
  }
}
