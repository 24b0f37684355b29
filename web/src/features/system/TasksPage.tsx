import { Badge, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, type Command } from '../../api/client';
import { runningCommand, useCommand, useCommands } from '../../api/commands';
import { isFinished } from '../../api/live';
import { useStatusColor } from '../../components/ui-settings';
import { DateText } from '../../components/DateText';
import { EmptyState, QueryState } from '../../components/States';
import { type Task, formatDuration, formatInterval } from './system';

const STATUS_COLORS: Record<string, string> = {
  queued: 'gray',
  started: 'blue',
  completed: 'teal',
  failed: 'red',
  aborted: 'orange',
  cancelled: 'orange',
  orphaned: 'orange',
};

function Scheduled({ commands }: { commands: Command[] }) {
  const tasks = useQuery({ queryKey: ['system', 'task'], queryFn: () => api<Task[]>('system/task') });
  const run = useCommand();
  return (
    <QueryState query={tasks}>
      {(items) => (
        <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
          <Table striped data-testid="tasks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Interval</Table.Th>
                <Table.Th>Last execution</Table.Th>
                <Table.Th>Last duration</Table.Th>
                <Table.Th>Next execution</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((task) => {
                const running = runningCommand(commands, [task.taskName], () => true);
                return (
                  <Table.Tr key={task.id} data-testid="task-row">
                    <Table.Td>{task.name}</Table.Td>
                    <Table.Td>{formatInterval(task.interval)}</Table.Td>
                    <Table.Td data-testid="task-last-execution">
                      <DateText value={task.lastExecution} kind="fromNow" empty="—" />
                    </Table.Td>
                    <Table.Td>{formatDuration(task.lastDuration)}</Table.Td>
                    <Table.Td data-testid="task-next-execution">
                      <DateText value={task.nextExecution} kind="fromNow" empty="—" />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="light"
                        loading={Boolean(running) || (run.isPending && run.variables?.name === task.taskName)}
                        onClick={() => run.mutate({ name: task.taskName })}
                      >
                        {/* The task's name is read, not shown: an aria-label would hide the visible "Run now". */}
                        Run<VisuallyHidden> {task.name}</VisuallyHidden> now
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryState>
  );
}

function CommandQueue({ commands }: { commands: Command[] }) {
  const status = useStatusColor();
  if (commands.length === 0) return <EmptyState title="No commands have run since the page opened" />;
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
      <Table striped data-testid="commands">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Command</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Message</Table.Th>
            <Table.Th>Queued</Table.Th>
            <Table.Th>Duration</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {commands.map((command) => (
            <Table.Tr key={command.id} data-testid="command-row" data-status={command.status}>
              <Table.Td>{command.commandName ?? command.name}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={status(STATUS_COLORS[command.status] ?? 'gray')}>
                  {command.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {command.message ?? command.exception}
                </Text>
              </Table.Td>
              <Table.Td>
                <DateText value={command.queued} kind="fromNow" empty="—" />
              </Table.Td>
              <Table.Td>{isFinished(command) ? formatDuration(command.duration) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `/system/tasks`: scheduled tasks with run-now, and the command queue patched live by the hub. */
export default function TasksPage() {
  const commands = useCommands();
  return (
    <Stack gap="lg">
      <section>
        <Title order={3} mb="xs">
          Scheduled
        </Title>
        <Scheduled commands={commands} />
      </section>
      <section>
        <Title order={3} mb="xs">
          Queue
        </Title>
        <CommandQueue commands={commands} />
      </section>
    </Stack>
  );
}
