import type { CommandEntity } from './command.entity';
import type { CommandStatusName } from './command.enums';

/**
 * Published whenever a command's status or progress message changed: queued, started, a progress message
 * while it runs, and its end (completed, failed, cancelled, orphaned). The live-push hub forwards it.
 */
export class CommandUpdatedEvent {
  static readonly NAME = 'command.updated';
  constructor(
    readonly commandId: number,
    readonly status: CommandStatusName,
    /** The command as it was at that moment, when the publisher had it at hand (it may have moved on since). */
    readonly snapshot?: CommandEntity,
  ) {}
}

/** Emitted (awaited) after a command ends, whatever its outcome. */
export class CommandExecutedEvent {
  static readonly NAME = 'command.executed';
  constructor(readonly command: CommandEntity) {}
}

declare module '../common/events/domain-event-map' {
  interface DomainEventMap {
    [CommandUpdatedEvent.NAME]: CommandUpdatedEvent;
    [CommandExecutedEvent.NAME]: CommandExecutedEvent;
  }
}
