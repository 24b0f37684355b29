import { ApiPropertyOptional } from '@nestjs/swagger';

/** A scheduled task (`GET /api/v1/system/task`). */
export class TaskResource {
  id: number;
  /** Split words: `Refresh Author`. */
  name: string;
  /** The command it queues: `RefreshAuthor`. */
  taskName: string;
  /** Minutes between runs (0 = disabled). */
  interval: number;
  lastExecution?: Date;
  lastStartTime?: Date;
  nextExecution?: Date;
  /** .NET timespan `hh:mm:ss.fffffff`. */
  @ApiPropertyOptional({ type: String, example: '00:00:00.5200000' })
  lastDuration?: string;
}
