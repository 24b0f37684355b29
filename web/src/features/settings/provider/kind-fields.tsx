import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMetadataProfiles, useQualityProfiles, useRootFolders } from '../../../api/shared-queries';
import type { KindFieldsComponent } from './ProviderModal';
import type { ProviderResource } from './provider-form';
import { SettingStatus } from '../settings-inventory';

interface Flag {
  key: string;
  label: string;
  /** The read-only capability that allows the flag (`supportsRss`, `supportsOnGrab`). */
  supportedBy?: string;
}

const isSupported = (resource: ProviderResource, flag: Flag) =>
  !flag.supportedBy || resource[flag.supportedBy] !== false;

/** Checkboxes for a kind's boolean flags, plus its priority when it has one. */
export function flagFields(flags: Flag[], options: { priority?: boolean } = {}): KindFieldsComponent {
  return function KindFlags({ resource, onChange, messages, inventory }) {
    return (
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {flags
            .filter((flag) => isSupported(resource, flag))
            .map((flag) => (
              <SettingStatus key={flag.key} field={inventory?.(flag.key)}>
                <Checkbox
                  label={flag.label}
                  checked={resource[flag.key] === true}
                  onChange={(event) => onChange({ [flag.key]: event.currentTarget.checked })}
                  error={messages[flag.key]?.join('; ')}
                  data-field={flag.key}
                />
              </SettingStatus>
            ))}
        </SimpleGrid>
        {options.priority && (
          <NumberInput
            label="Priority"
            description="1 is the highest, 50 the lowest"
            min={1}
            max={50}
            value={typeof resource.priority === 'number' ? resource.priority : 25}
            onChange={(value) => onChange({ priority: value === '' ? undefined : Number(value) })}
            error={messages.priority?.join('; ')}
            w={160}
          />
        )}
      </Stack>
    );
  };
}

export const IndexerFields = flagFields(
  [
    { key: 'enableRss', label: 'Enable RSS', supportedBy: 'supportsRss' },
    { key: 'enableAutomaticSearch', label: 'Enable automatic search', supportedBy: 'supportsSearch' },
    { key: 'enableInteractiveSearch', label: 'Enable interactive search', supportedBy: 'supportsSearch' },
  ],
  { priority: true },
);

export const DownloadClientFields = flagFields(
  [
    { key: 'enable', label: 'Enable' },
    { key: 'removeCompletedDownloads', label: 'Remove completed downloads' },
    { key: 'removeFailedDownloads', label: 'Remove failed downloads' },
  ],
  { priority: true },
);

export const MetadataFields = flagFields([{ key: 'enable', label: 'Enable' }]);

/** Readarr's notification triggers; each shows only where the connection supports it (`supportsOn*`). */
const NOTIFICATION_TRIGGERS = [
  'onGrab',
  'onReleaseImport',
  'onUpgrade',
  'onRename',
  'onAuthorAdded',
  'onAuthorDelete',
  'onBookDelete',
  'onBookFileDelete',
  'onBookFileDeleteForUpgrade',
  'onHealthIssue',
  'onDownloadFailure',
  'onImportFailure',
  'onBookRetag',
  'onApplicationUpdate',
];

export const triggerLabel = (key: string) => key.replace(/^on/, 'On ').replace(/([a-z])([A-Z])/g, '$1 $2');

export const NotificationFields = flagFields([
  ...NOTIFICATION_TRIGGERS.map((key) => ({
    key,
    label: triggerLabel(key),
    supportedBy: `supports${key[0].toUpperCase()}${key.slice(1)}`,
  })),
  { key: 'includeHealthWarnings', label: 'Include health warnings', supportedBy: 'supportsOnHealthIssue' },
]);

const MONITOR_CHOICES = [
  { value: 'none', label: 'None' },
  { value: 'specificBook', label: 'Specific book' },
  { value: 'entireAuthor', label: 'Entire author' },
];

/** Import lists: what an added item gets (root folder, profiles, monitoring, search). */
export const ImportListFields: KindFieldsComponent = ({ resource, onChange, messages }) => {
  const roots = useRootFolders();
  const qualities = useQualityProfiles();
  const metadata = useMetadataProfiles();
  const idChoices = (items: { id?: number; name?: string | null }[] | undefined) =>
    (items ?? []).map((item) => ({ value: String(item.id), label: item.name ?? String(item.id) }));
  const idValue = (key: string) => (typeof resource[key] === 'number' && resource[key] ? String(resource[key]) : null);
  return (
    <Stack gap="xs">
      <Group>
        <Checkbox
          label="Enable automatic add"
          checked={resource.enableAutomaticAdd === true}
          onChange={(event) => onChange({ enableAutomaticAdd: event.currentTarget.checked })}
        />
        <Checkbox
          label="Search for new items"
          checked={resource.shouldSearch === true}
          onChange={(event) => onChange({ shouldSearch: event.currentTarget.checked })}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Select
          label="Monitor"
          data={MONITOR_CHOICES}
          value={typeof resource.shouldMonitor === 'string' ? resource.shouldMonitor : 'entireAuthor'}
          onChange={(value) => onChange({ shouldMonitor: value ?? undefined })}
          allowDeselect={false}
        />
        <Select
          label="Root folder"
          data={(roots.data ?? []).map((root) => ({ value: root.path ?? '', label: root.path ?? '' }))}
          value={
            typeof resource.rootFolderPath === 'string' && resource.rootFolderPath ? resource.rootFolderPath : null
          }
          onChange={(value) => onChange({ rootFolderPath: value ?? undefined })}
          error={messages.rootFolderPath?.join('; ')}
        />
        <Select
          label="Quality profile"
          data={idChoices(qualities.data)}
          value={idValue('qualityProfileId')}
          onChange={(value) => onChange({ qualityProfileId: value ? Number(value) : undefined })}
          error={messages.qualityProfileId?.join('; ')}
        />
        <Select
          label="Metadata profile"
          data={idChoices(metadata.data)}
          value={idValue('metadataProfileId')}
          onChange={(value) => onChange({ metadataProfileId: value ? Number(value) : undefined })}
          error={messages.metadataProfileId?.join('; ')}
        />
      </SimpleGrid>
      {roots.error && (
        <Text size="xs" c="red">
          Root folders could not be read: {roots.error.message}
        </Text>
      )}
    </Stack>
  );
};
