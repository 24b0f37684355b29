import { splitCommandName } from './command-catalogue';
import { ScheduledTaskEntity } from './scheduled-task.entity';
import { TaskResource } from './task.resource';
import { formatTimeSpan } from './timespan';

export function toTaskResource(task: ScheduledTaskEntity): TaskResource {
  const last = task.lastExecution ?? undefined;
  return {
    id: task.id,
    name: splitCommandName(task.taskName),
    taskName: task.taskName,
    interval: task.intervalMinutes,
    lastExecution: last,
    lastStartTime: task.lastStartTime ?? undefined,
    nextExecution: last ? new Date(last.getTime() + task.intervalMinutes * 60_000) : undefined,
    lastDuration: formatTimeSpan(task.lastDurationMs ?? 0),
  };
}
