export { CommandHandler, COMMAND_HANDLER } from './command-handler.decorator';
export type {
  CommandContext,
  CommandFlags,
  CommandHandlerInstance,
  CommandHandlerMetadata,
} from './command-handler.decorator';
export { CommandQueueService } from './command-queue.service';
export type { EnqueueOptions } from './command-queue.service';
export { CommandExecutedEvent, CommandUpdatedEvent } from './command.events';
export { toCommandResource } from './command.mapper';
export { HousekeepingEvent } from './handlers/housekeeping.event';
export { CommandModule } from './command.module';
