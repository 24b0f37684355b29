import { bodyDate } from './command-body';
import { splitCommandName } from './command-catalogue';
import { CommandEntity } from './command.entity';
import { CommandPriority } from './command.enums';
import { CommandResource } from './command.resource';
import { withoutInstallationDetails } from './failure-text';
import { formatTimeSpan } from './timespan';

const BROWSER_AGENT = /^Mozilla\/5\.0/;

export function toCommandResource(command: CommandEntity): CommandResource {
  const body = { ...command.body };
  const agent =
    command.clientUserAgent && !BROWSER_AGENT.test(command.clientUserAgent) ? command.clientUserAgent : undefined;
  if (!agent) delete body.clientUserAgent;
  for (const key of ['lastExecutionTime', 'lastStartTime']) if (body[key] != null) body[key] = bodyDate(body[key]);
  const started = command.startedAt ?? undefined;
  const ended = command.endedAt ?? undefined;
  const priority = Object.entries(CommandPriority.values).find(([, value]) => value === command.priority)?.[0];
  return {
    id: command.id,
    name: command.name,
    commandName: splitCommandName(command.name),
    // Rows written before failures were cleaned may still hold a stack trace.
    message: command.message ? withoutInstallationDetails(command.message) : undefined,
    body,
    priority: priority ?? 'normal',
    status: command.status,
    result: command.result,
    queued: command.queuedAt,
    started,
    ended,
    duration: started && ended ? formatTimeSpan(ended.getTime() - started.getTime()) : undefined,
    exception: command.exception ? withoutInstallationDetails(command.exception) : undefined,
    trigger: command.trigger,
    clientUserAgent: agent,
    stateChangeTime: started ?? ended,
    sendUpdatesToClient: Boolean(body.sendUpdatesToClient),
    updateScheduledTask: Boolean(body.updateScheduledTask),
    lastExecutionTime: bodyDate(body.lastExecutionTime),
  };
}
