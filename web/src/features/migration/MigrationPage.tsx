import { Alert, Button, Card, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Command, api, apiUpload } from '../../api/client';
import { isFinished } from '../../api/live';
import { ErrorState, LoadingState } from '../../components/States';
import { type MigrationReport, progressOf } from './migration-report';
import { MigrationReportView } from './MigrationReportView';

/** Follows one MigrateFromReadarr command until it ends, then reads its report. */
function useMigrationRun(commandId: number | undefined) {
  const command = useQuery({
    queryKey: ['command', 'migration', commandId],
    queryFn: () => api<Command>(`command/${commandId}`),
    enabled: commandId !== undefined,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : 1000),
  });
  const completed = command.data?.status === 'completed';
  const report = useQuery({
    queryKey: ['migration', commandId],
    queryFn: () => api<MigrationReport>(`migration/${commandId}`),
    enabled: completed,
    staleTime: Infinity,
  });
  return { command, report };
}

/**
 * Settings → Import: "Coming from Readarr?". Upload a readarr.db or a backup zip, preview what would come across
 * (a dry run that writes nothing), then apply it; the unmatched entries link to where each can be fixed.
 */
export default function MigrationPage() {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  // The run being shown lives in the URL, so coming back from fixing an unmatched entry shows its report again.
  const [params, setParams] = useSearchParams();
  const run = params.get('run')
    ? { commandId: Number(params.get('run')), dryRun: params.get('dryRun') !== 'false' }
    : undefined;
  const setRun = (next: { commandId: number; dryRun: boolean } | undefined) =>
    setParams(next ? { run: String(next.commandId), dryRun: String(next.dryRun) } : {}, { replace: true });
  const upload = useMutation({
    mutationFn: ({ dryRun }: { dryRun: boolean }) =>
      apiUpload<Command>('migration/readarr', { file: file! }, { dryRun }),
    onSuccess: (command, { dryRun }) => setRun({ commandId: command.id, dryRun }),
  });
  const { command, report } = useMigrationRun(run?.commandId);
  const status = command.data?.status;
  const running = upload.isPending || (run !== undefined && (!command.data || !isFinished(command.data)));
  const applied = run?.dryRun === false && status === 'completed';
  useEffect(() => {
    // The library changed: the author and book lists are read again.
    if (applied)
      void client.invalidateQueries({ predicate: (q) => ['author', 'book'].includes(String(q.queryKey[0])) });
  }, [applied, client]);
  const start = (dryRun: boolean) => {
    setRun(undefined);
    upload.mutate({ dryRun });
  };
  const percent = progressOf(command.data?.message);

  return (
    <Stack maw={1000}>
      <Title order={3}>Coming from Readarr?</Title>
      <Text size="sm" c="dimmed">
        Bring a Readarr (or Bookshelf) library across: authors, books, files, profiles, indexers, download clients,
        connections and history. Upload its <code>readarr.db</code> or a backup zip. The preview writes nothing and
        never searches or grabs; apply it when the report looks right. Importing a second instance (ebooks and
        audiobooks) merges into the same library.
      </Text>
      <Card withBorder>
        <Group align="end">
          <FileInput
            label="Readarr database or backup"
            placeholder="readarr.db or readarr_backup.zip"
            accept=".db,.zip,application/zip,application/x-sqlite3"
            value={file}
            onChange={(next) => {
              setFile(next);
              setRun(undefined);
              upload.reset();
            }}
            clearable
            style={{ flex: 1 }}
          />
          <Button disabled={!file || running} loading={running && run?.dryRun !== false} onClick={() => start(true)}>
            Preview
          </Button>
        </Group>
      </Card>
      {upload.error && (
        <Alert color="red" title="The upload was refused" role="alert">
          {upload.error.message}
        </Alert>
      )}
      {running && (
        <Stack gap={4} data-testid="migration-progress">
          <Text size="sm">{command.data?.message ?? 'Uploading…'}</Text>
          <Progress value={percent ?? 0} animated={percent === undefined} aria-label="Migration progress" />
        </Stack>
      )}
      {command.error && <ErrorState error={command.error} onRetry={() => void command.refetch()} />}
      {command.data && (status === 'failed' || status === 'aborted' || status === 'cancelled') && (
        <Alert color="red" title="The migration did not finish" role="alert">
          {command.data.exception ?? command.data.message ?? status}
        </Alert>
      )}
      {status === 'completed' &&
        (report.isPending ? (
          <LoadingState label="Loading the report" />
        ) : report.error ? (
          <ErrorState error={report.error} onRetry={() => void report.refetch()} />
        ) : (
          <>
            {run?.dryRun && (
              <Group>
                <Button color="teal" disabled={!file} onClick={() => start(false)}>
                  Apply
                </Button>
                <Text size="sm" c="dimmed">
                  {file
                    ? 'Runs the same migration for real; running it again later changes nothing.'
                    : 'Choose the same file again to apply it.'}
                </Text>
              </Group>
            )}
            {applied && (
              <Alert color="teal" title="Migration applied">
                Fix the unmatched entries below: open each kept author or book, or search the metadata source.
              </Alert>
            )}
            <MigrationReportView report={report.data} />
          </>
        ))}
    </Stack>
  );
}
