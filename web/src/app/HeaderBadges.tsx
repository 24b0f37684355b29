import { Badge, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Schemas, api } from '../api/client';
import { useCommands } from '../api/commands';
import { keys } from '../api/keys';
import { isFinished, isLive } from '../api/live';
import { useStatusColor } from '../components/ui-settings';

type HealthItem = Schemas['HealthResource'];
type QueueStatus = Schemas['QueueStatusResource'];

/** Without the hub the badges are re-read now and then; with it, its `health` and `queue/status` messages feed them. */
const POLL_MS = 30_000;
const refetchInterval = () => (isLive() ? false : POLL_MS);

export function RunningCommands() {
  const running = useCommands().filter((command) => !isFinished(command));
  if (running.length === 0) return null;
  return (
    <Tooltip
      label={running
        .map((command) => `${command.commandName ?? command.name}: ${command.message ?? command.status}`)
        .join('\n')}
      multiline
    >
      <Badge variant="light" color="yellow" data-testid="running-commands">
        {running.length} running
      </Badge>
    </Tooltip>
  );
}

/** Health problems (`GET /health`), red when one is an error; links to the status page. Nothing when all is well. */
export function HealthBadge() {
  const health = useQuery({ queryKey: keys.health, queryFn: () => api<HealthItem[]>('health'), refetchInterval });
  const status = useStatusColor();
  const problems = health.data ?? [];
  if (problems.length === 0) return null;
  const color = status(problems.some((item) => item.type === 'error') ? 'red' : 'yellow');
  return (
    <Tooltip label={problems.map((item) => item.message).join('\n')} multiline maw={400}>
      <Badge component={Link} to="/system/status" color={color} variant="light" data-testid="health-badge">
        {problems.length} health {problems.length === 1 ? 'issue' : 'issues'}
      </Badge>
    </Tooltip>
  );
}

/** Downloads in the queue (`GET /queue/status`), coloured by their worst state; links to the queue. */
export function QueueBadge() {
  const status = useQuery({
    queryKey: keys.queueStatus,
    queryFn: () => api<QueueStatus>('queue/status'),
    refetchInterval,
  });
  const statusColor = useStatusColor();
  const data = status.data;
  if (!data || data.totalCount === 0) return null;
  const color = statusColor(
    data.errors || data.unknownErrors ? 'red' : data.warnings || data.unknownWarnings ? 'yellow' : 'blue',
  );
  return (
    <Badge component={Link} to="/activity/queue" color={color} variant="light" data-testid="queue-badge">
      {data.totalCount} queued
    </Badge>
  );
}
