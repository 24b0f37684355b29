import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, type RootFolder } from '../../api/client';
import { keys } from '../../api/keys';
import { useMetadataProfiles, useQualityProfiles, useRootFolders } from '../../api/shared-queries';
import { formatBytes } from '../../components/format';
import { LoadingState, QueryState } from '../../components/States';
import { folderName, PathInput } from '../../components/PathInput';
import { SaveBar, useConfigForm } from './config-form';
import { failuresByField } from './provider/provider-form';
import { SettingStatus, useSettingsInventory } from './settings-inventory';

function RootFolders() {
  const client = useQueryClient();
  const roots = useRootFolders();
  const qualities = useQualityProfiles();
  const metadata = useMetadataProfiles();
  const [draft, setDraft] = useState({
    name: '',
    path: '',
    quality: null as string | null,
    meta: null as string | null,
  });
  const refresh = () => client.invalidateQueries({ queryKey: keys.rootFolders });
  const add = useMutation({
    mutationFn: () =>
      api('rootfolder', {
        method: 'POST',
        body: {
          name: draft.name,
          path: draft.path,
          defaultQualityProfileId: Number(draft.quality ?? qualities.data?.[0]?.id),
          defaultMetadataProfileId: Number(draft.meta ?? metadata.data?.[0]?.id),
        },
      }),
    onSuccess: async () => {
      setDraft({ name: '', path: '', quality: null, meta: null });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(`rootfolder/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const failures = add.error instanceof ApiError ? add.error.failures : [];
  const { byField, general } = failuresByField(failures, [
    'name',
    'path',
    'defaultQualityProfileId',
    'defaultMetadataProfileId',
  ]);
  const error = (name: string) => byField[name]?.errors.join('; ') || undefined;
  const choices = (items: { id?: number; name?: string | null }[] | undefined) =>
    (items ?? []).map((item) => ({ value: String(item.id), label: item.name ?? '' }));
  return (
    <Stack gap="xs">
      <Title order={3}>Root folders</Title>
      <QueryState query={roots}>
        {(folders: RootFolder[]) => (
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
            <Table data-testid="root-folders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Path</Table.Th>
                  <Table.Th>Free space</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {folders.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text size="sm" c="dimmed">
                        No root folder yet: add the folder your books live in.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {folders.map((folder) => (
                  <Table.Tr key={folder.id}>
                    <Table.Td>{folder.name}</Table.Td>
                    <Table.Td>
                      <Code>{folder.path}</Code>{' '}
                      {folder.accessible === false && <Badge color="red">Not accessible</Badge>}
                    </Table.Td>
                    <Table.Td>
                      {folder.freeSpace != null
                        ? `${formatBytes(folder.freeSpace)} of ${formatBytes(folder.totalSpace)}`
                        : '–'}
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${folder.name ?? folder.path}`}
                        onClick={() => remove.mutate(folder.id!)}
                      >
                        ×
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <Group align="flex-start" gap="xs">
        <TextInput
          label="Name"
          required
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          error={error('name')}
        />
        <PathInput
          label="Path"
          required
          value={draft.path}
          // A name left empty (or still the one the last path gave) follows the folder's own name.
          onChange={(path) =>
            setDraft({
              ...draft,
              path,
              name: !draft.name || draft.name === folderName(draft.path) ? folderName(path) : draft.name,
            })
          }
          error={error('path')}
          w={280}
        />
        <Select
          label="Quality profile"
          data={choices(qualities.data)}
          value={draft.quality ?? (qualities.data?.[0] ? String(qualities.data[0].id) : null)}
          onChange={(value) => setDraft({ ...draft, quality: value })}
          error={error('defaultQualityProfileId')}
        />
        <Select
          label="Metadata profile"
          data={choices(metadata.data)}
          value={draft.meta ?? (metadata.data?.[0] ? String(metadata.data[0].id) : null)}
          onChange={(value) => setDraft({ ...draft, meta: value })}
          error={error('defaultMetadataProfileId')}
        />
        <Button mt={24} onClick={() => add.mutate()} loading={add.isPending}>
          Add root folder
        </Button>
      </Group>
      {(general.length > 0 || (add.error && failures.length === 0)) && (
        <Text size="sm" c="red">
          {general.map((failure) => failure.errorMessage).join('; ') || add.error?.message}
        </Text>
      )}
    </Stack>
  );
}

interface NamingConfig extends Record<string, unknown> {
  renameBooks?: boolean;
  replaceIllegalCharacters?: boolean;
  colonReplacementFormat?: number;
  standardBookFormat?: string;
  authorFolderFormat?: string;
}

interface NamingExamples {
  singleBookExample?: string;
  multiPartBookExample?: string;
  authorFolderExample?: string;
}

const COLON_CHOICES = [
  { value: '0', label: 'Delete' },
  { value: '1', label: 'Replace with dash' },
  { value: '2', label: 'Replace with space dash' },
  { value: '3', label: 'Replace with space dash space' },
  { value: '4', label: 'Smart replace' },
];

function Naming() {
  const form = useConfigForm<NamingConfig>('naming');
  const { draft } = form;
  const [query] = useDebouncedValue(
    {
      // With an id the server answers for these unsaved values; without, for the saved ones.
      id: typeof draft.id === 'number' ? draft.id : 1,
      renameBooks: draft.renameBooks,
      replaceIllegalCharacters: draft.replaceIllegalCharacters,
      colonReplacementFormat: draft.colonReplacementFormat,
      standardBookFormat: draft.standardBookFormat,
      authorFolderFormat: draft.authorFolderFormat,
    },
    300,
  );
  const examples = useQuery({
    queryKey: ['config', 'naming', 'examples', query],
    queryFn: () => api<NamingExamples>('config/naming/examples', { query }),
    enabled: form.query.data !== undefined,
    placeholderData: (previous) => previous,
  });
  // The same format for an ebook: Readarr's examples are of an MP3 audiobook only.
  const ebookExamples = useQuery({
    queryKey: ['config', 'naming', 'examples', query, 'ebook'],
    queryFn: () => api<NamingExamples>('config/naming/examples', { query: { ...query, kind: 'ebook' } }),
    enabled: form.query.data !== undefined,
    placeholderData: (previous) => previous,
  });
  const example = (value: string | undefined) =>
    value ? (
      <Code data-testid="naming-example">{value}</Code>
    ) : (
      <Text component="span" size="xs" c="red">
        Invalid format
      </Text>
    );
  return (
    <Stack gap="xs">
      <Title order={3}>Book naming</Title>
      <QueryState query={form.query}>
        {() => (
          <>
            <Checkbox
              label="Rename books"
              checked={draft.renameBooks === true}
              onChange={(e) => form.set({ renameBooks: e.currentTarget.checked })}
            />
            <Checkbox
              label="Replace illegal characters"
              checked={draft.replaceIllegalCharacters === true}
              onChange={(e) => form.set({ replaceIllegalCharacters: e.currentTarget.checked })}
            />
            <Select
              label="Colon replacement"
              data={COLON_CHOICES}
              value={String(draft.colonReplacementFormat ?? 4)}
              onChange={(value) => form.set({ colonReplacementFormat: Number(value) })}
              allowDeselect={false}
              w={320}
            />
            <TextInput
              label="Standard book format"
              value={draft.standardBookFormat ?? ''}
              onChange={(e) => form.set({ standardBookFormat: e.currentTarget.value })}
              error={form.errorOf('standardBookFormat')}
            />
            <Text size="sm">Ebook: {ebookExamples.data ? example(ebookExamples.data.singleBookExample) : '…'}</Text>
            <Text size="sm">Audiobook: {examples.data ? example(examples.data.singleBookExample) : '…'}</Text>
            <Text size="sm">
              Audiobook in parts: {examples.data ? example(examples.data.multiPartBookExample) : '…'}
            </Text>
            <TextInput
              label="Author folder format"
              value={draft.authorFolderFormat ?? ''}
              onChange={(e) => form.set({ authorFolderFormat: e.currentTarget.value })}
              error={form.errorOf('authorFolderFormat')}
            />
            <Text size="sm">Author folder: {examples.data ? example(examples.data.authorFolderExample) : '…'}</Text>
            <SaveBar form={form} label="Save naming" />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

interface MediaManagementConfig extends Record<string, unknown> {
  importMatchThreshold?: number;
  recycleBin?: string;
  recycleBinCleanupDays?: number;
  minimumFreeSpaceWhenImporting?: number;
  extraFileExtensions?: string;
  chmodFolder?: string;
  chownGroup?: string;
}

const FILE_FLAGS: [string, string][] = [
  ['createEmptyAuthorFolders', 'Create empty author folders'],
  ['deleteEmptyFolders', 'Delete empty folders'],
  ['autoUnmonitorPreviouslyDownloadedBooks', 'Unmonitor deleted books'],
  ['watchLibraryForChanges', 'Watch root folders for file changes'],
  ['skipFreeSpaceCheckWhenImporting', 'Skip free space check'],
  ['copyUsingHardlinks', 'Use hardlinks instead of copy'],
  ['importExtraFiles', 'Import extra files'],
  ['setPermissionsLinux', 'Set permissions'],
];

const SELECTS: [string, string, string[]][] = [
  ['downloadPropersAndRepacks', 'Propers and repacks', ['preferAndUpgrade', 'doNotUpgrade', 'doNotPrefer']],
  ['fileDate', 'Change file date', ['none', 'bookReleaseDate']],
  ['rescanAfterRefresh', 'Rescan author folder after refresh', ['always', 'afterManual', 'never']],
  ['allowFingerprinting', 'Allow fingerprinting', ['never', 'newFiles', 'allFiles']],
];

const words = (value: string) => value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

function FileManagement() {
  const form = useConfigForm<MediaManagementConfig>('mediamanagement');
  const inventory = useSettingsInventory('config/mediamanagement');
  const { draft } = form;
  const number = (key: string, label: string, unit?: string) => (
    <SettingStatus field={inventory(key)}>
      <NumberInput
        label={label}
        value={typeof draft[key] === 'number' ? draft[key] : ''}
        onChange={(value) => form.set({ [key]: value === '' ? undefined : Number(value) })}
        error={form.errorOf(key)}
        rightSection={
          unit ? (
            <Text size="xs" c="dimmed">
              {unit}
            </Text>
          ) : undefined
        }
        rightSectionWidth={unit ? 56 : undefined}
        w={260}
      />
    </SettingStatus>
  );
  const text = (key: string, label: string) => (
    <SettingStatus field={inventory(key)}>
      <TextInput
        label={label}
        value={typeof draft[key] === 'string' ? draft[key] : ''}
        onChange={(e) => form.set({ [key]: e.currentTarget.value })}
        error={form.errorOf(key)}
        w={420}
      />
    </SettingStatus>
  );
  if (form.query.isPending) return <LoadingState />;
  return (
    <Stack gap="xs">
      <Title order={3}>File management</Title>
      <QueryState query={form.query}>
        {() => (
          <>
            {FILE_FLAGS.map(([key, label]) => (
              <SettingStatus key={key} field={inventory(key)}>
                <Checkbox
                  label={label}
                  checked={draft[key] === true}
                  onChange={(e) => form.set({ [key]: e.currentTarget.checked })}
                />
              </SettingStatus>
            ))}
            <Group align="flex-start">
              {SELECTS.map(([key, label, values]) => (
                <SettingStatus key={key} field={inventory(key)}>
                  <Select
                    label={label}
                    data={values.map((value) => ({ value, label: words(value) }))}
                    value={typeof draft[key] === 'string' ? draft[key] : null}
                    onChange={(value) => form.set({ [key]: value ?? undefined })}
                    allowDeselect={false}
                    error={form.errorOf(key)}
                  />
                </SettingStatus>
              ))}
            </Group>
            {number('importMatchThreshold', 'Import match threshold', '%')}
            {number('minimumFreeSpaceWhenImporting', 'Minimum free space', 'MB')}
            {text('recycleBin', 'Recycle bin')}
            {number('recycleBinCleanupDays', 'Recycle bin cleanup', 'days')}
            {text('extraFileExtensions', 'Extra file extensions')}
            {text('chmodFolder', 'chmod folder')}
            {text('chownGroup', 'chown group')}
            <SaveBar form={form} label="Save file management" />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/** Settings → Media management: root folders (free space), naming with live examples, file management. */
export default function MediaManagementPage() {
  return (
    <Stack gap="xl">
      <Title order={2}>Media management</Title>
      <RootFolders />
      <Naming />
      <FileManagement />
    </Stack>
  );
}
