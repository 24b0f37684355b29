import { Button, Group, Select, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { runningCommand, useCommand, useCommands } from '../../api/commands';
import { Pager, SortHeader, usePagedList } from '../../components/PagedTable';
import { useStatusColor } from '../../components/ui-settings';
import { DateText } from '../../components/DateText';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { LEVEL_COLORS, LOG_LEVELS, type LogLine } from './system';

/** `/system/events`: the log table, paged by the server, from a level up; clear runs `ClearLog`. */
export default function EventsPage() {
  const status = useStatusColor();
  const [level, setLevel] = useState('info');
  const { state, setState, query, sortBy, goToPage } = usePagedList<LogLine>(
    'log',
    'log',
    { pageSize: 50, sortKey: 'time', sortDirection: 'descending' },
    { level },
  );
  const clear = useCommand();
  const clearing = runningCommand(useCommands(), ['ClearLog'], () => true);
  const records = query.data?.records ?? [];
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Title order={2}>Events</Title>
        <Group gap="xs">
          <Select
            aria-label="Minimum level"
            data={LOG_LEVELS.map((value) => ({ value, label: `${value} and above` }))}
            value={level}
            allowDeselect={false}
            onChange={(value) => {
              setLevel(value ?? 'info');
              setState((current) => ({ ...current, page: 1 }));
            }}
            w={180}
          />
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Refresh
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={clear.isPending || Boolean(clearing)}
            onClick={() => clear.mutate({ name: 'ClearLog' })}
          >
            Clear
          </Button>
        </Group>
      </Group>
      {query.isPending ? (
        <LoadingState />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : records.length === 0 ? (
        <EmptyState title="No events" />
      ) : (
        <>
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
            <Table striped data-testid="events">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader label="Level" sortKey="level" state={state} onSort={sortBy} />
                  <SortHeader label="Time" sortKey="time" state={state} onSort={sortBy} />
                  <SortHeader label="Component" sortKey="logger" state={state} onSort={sortBy} />
                  <SortHeader label="Message" sortKey="message" state={state} onSort={sortBy} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((line) => (
                  <Table.Tr key={line.id} data-testid="event-row">
                    <Table.Td>
                      <Text
                        size="xs"
                        fw={700}
                        tt="uppercase"
                        // The light variant's text colour keeps AA contrast on the table's rows, shade 6 does not.
                        c={`var(--mantine-color-${status(LEVEL_COLORS[line.level.toLowerCase()] ?? 'gray')}-light-color)`}
                      >
                        {line.level}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DateText value={line.time} />
                    </Table.Td>
                    <Table.Td>{line.logger}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{line.message}</Text>
                      {line.exception && (
                        <Text
                          size="xs"
                          c="var(--mantine-color-red-light-color)"
                          style={{ whiteSpace: 'pre-wrap' }}
                          lineClamp={4}
                        >
                          {line.exception}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager state={state} totalRecords={query.data.totalRecords} onPage={goToPage} />
        </>
      )}
    </>
  );
}
