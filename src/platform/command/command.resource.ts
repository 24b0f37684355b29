import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CommandPriority, CommandResult, CommandStatus, CommandTrigger } from './command.enums';

/** Readarr's base `Command` properties, present in every command `body` beside the command's own fields. */
export class Command {
  sendUpdatesToClient: boolean;
  updateScheduledTask: boolean;
  completionMessage?: string;
  requiresDiskAccess: boolean;
  isExclusive: boolean;
  isTypeExclusive: boolean;
  isLongRunning: boolean;
  name: string;
  lastExecutionTime?: Date;
  lastStartTime?: Date;
  @ApiProperty({ enum: CommandTrigger.names })
  trigger: string;
  suppressMessages: boolean;
  clientUserAgent?: string;
}

/** A command as Readarr returns it. */
export class CommandResource {
  id: number;
  name: string;
  /** The name split into words: `Refresh Author`. */
  commandName: string;
  message?: string;
  /** The whole command object: the command's own fields and every base property. */
  @ApiProperty({ type: () => Command })
  body: Record<string, unknown>;
  @ApiProperty({ enum: CommandPriority.names })
  priority: string;
  @ApiProperty({ enum: CommandStatus.names })
  status: string;
  @ApiProperty({ enum: CommandResult.names })
  result: string;
  queued: Date;
  started?: Date;
  ended?: Date;
  /** .NET timespan `hh:mm:ss.fffffff`. */
  @ApiPropertyOptional({ type: String, example: '00:00:01.2340000' })
  duration?: string;
  exception?: string;
  @ApiProperty({ enum: CommandTrigger.names })
  trigger: string;
  clientUserAgent?: string;
  stateChangeTime?: Date;
  sendUpdatesToClient: boolean;
  updateScheduledTask: boolean;
  lastExecutionTime?: Date;
}
