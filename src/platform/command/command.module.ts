import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommandController } from './command.controller';
import { CommandEntity } from './command.entity';
import { CommandRepository } from './command.repository';
import { CommandExecutorService } from './command-executor.service';
import { commandMetricProviders } from './command-metrics';
import { CommandQueueService } from './command-queue.service';
import { CommandRegistry } from './command-registry.service';
import { CommandRetentionService } from './command-retention.service';
import { CommandRunner } from './command-runner';
import { CommandWorkerEntity } from './command-worker.entity';
import { CommandWorkerRepository } from './command-worker.repository';
import { CommandWorkerService } from './command-worker.service';
import { QueueDepthCollector } from './queue-depth-collector';
import { HousekeepingHandler, MessagingCleanupHandler } from './handlers/housekeeping.handler';
import { TestCommandHandler } from './handlers/test.handler';
import { ScheduledTaskEntity } from './scheduled-task.entity';
import { ScheduledTaskRepository } from './scheduled-task.repository';
import { TaskController } from './task.controller';
import { TaskSchedulerService } from './task-scheduler.service';

/**
 * The durable command queue, its executor and the scheduler. Other features inject CommandQueueService
 * (exported; this module is global) and declare handlers with @CommandHandler in their own providers.
 */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    ScheduleModule.forRoot(),
    TypeOrmModule.forFeature([CommandEntity, CommandWorkerEntity, ScheduledTaskEntity]),
  ],
  controllers: [CommandController, TaskController],
  providers: [
    ...commandMetricProviders,
    CommandRepository,
    CommandWorkerRepository,
    ScheduledTaskRepository,
    CommandRegistry,
    CommandQueueService,
    CommandWorkerService,
    CommandRunner,
    QueueDepthCollector,
    CommandExecutorService,
    CommandRetentionService,
    TaskSchedulerService,
    TestCommandHandler,
    HousekeepingHandler,
    MessagingCleanupHandler,
  ],
  exports: [CommandQueueService, CommandRegistry],
})
export class CommandModule {}
