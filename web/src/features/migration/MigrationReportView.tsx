import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../components/States';
import { countRows, fixLinks, type MigrationReport, summary } from './migration-report';

function CountsTable({ report }: { report: MigrationReport }) {
  const rows = countRows(report);
  if (rows.length === 0) return <EmptyState title="The database holds nothing to migrate" />;
  return (
    <Table striped withTableBorder data-testid="migration-counts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>What</Table.Th>
          <Table.Th ta="right">Found</Table.Th>
          <Table.Th ta="right">{report.dryRun ? 'Would import' : 'Imported'}</Table.Th>
          <Table.Th ta="right">{report.dryRun ? 'Would merge' : 'Merged'}</Table.Th>
          <Table.Th ta="right">Skipped</Table.Th>
          <Table.Th ta="right">Unmatched</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.entity} data-entity={row.entity}>
            <Table.Td>{row.label}</Table.Td>
            <Table.Td ta="right">{row.found}</Table.Td>
            <Table.Td ta="right">{row.imported}</Table.Td>
            <Table.Td ta="right">{row.merged}</Table.Td>
            <Table.Td ta="right">{row.skipped}</Table.Td>
            <Table.Td ta="right">{row.unmatched}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function UnmatchedList({ report }: { report: MigrationReport }) {
  if (report.unmatched.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Everything was matched.
      </Text>
    );
  return (
    <Table data-testid="migration-unmatched">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Title</Table.Th>
          <Table.Th>Why</Table.Th>
          <Table.Th>Fix</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {report.unmatched.map((entry) => (
          <Table.Tr key={`${entry.kind}-${entry.readarrId}`}>
            <Table.Td>
              <Badge variant="light">{entry.kind}</Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {entry.title}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {entry.reason}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {fixLinks(entry, report).map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} size="sm">
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ConflictList({ report }: { report: MigrationReport }) {
  if (report.conflicts.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={5}>Conflicts ({report.conflicts.length})</Title>
      <Table data-testid="migration-conflicts">
        <Table.Tbody>
          {report.conflicts.map((conflict, index) => (
            <Table.Tr key={index}>
              <Table.Td>{conflict.kind}</Table.Td>
              <Table.Td>{conflict.title}</Table.Td>
              <Table.Td>{conflict.field}</Table.Td>
              <Table.Td>{conflict.resolution}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** A migration report: counts per entity, then what was not matched (with where to fix it) and the conflicts. */
export function MigrationReportView({ report }: { report: MigrationReport }) {
  return (
    <Stack data-testid="migration-report">
      <Group gap="sm">
        <Badge color={report.dryRun ? 'blue' : 'teal'}>{report.dryRun ? 'Preview: nothing written' : 'Applied'}</Badge>
        <Text size="sm">{summary(report)}</Text>
      </Group>
      <CountsTable report={report} />
      <Title order={5}>Unmatched ({report.unmatched.length})</Title>
      <UnmatchedList report={report} />
      <ConflictList report={report} />
    </Stack>
  );
}
