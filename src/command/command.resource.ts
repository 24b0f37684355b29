import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CommandPriority, CommandResult, CommandStatus, CommandTrigger } from './command.enums';

/** A command as Readarr returns it (reference §8.1). */
export class CommandResource {
  id: number;
  name: string;
  /** The name split into words: `Refresh Author`. */
  commandName: string;
  message?: string;
  /** The whole command object, base properties included. */
  @ApiProperty({ type: 'object', additionalProperties: true })
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

/** `POST /api/v1/command`: the command name and its fields (see the command catalogue). */
export class CommandRequestResource {
  @ApiProperty({ example: 'RefreshAuthor' })
  name: string;
}
