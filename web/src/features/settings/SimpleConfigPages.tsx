import { Stack, Title } from '@mantine/core';
import { ConfigFields, type ConfigInputSpec, LOG_LEVEL_CHOICES } from './config-inputs';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((label, value) => ({
  value: String(value),
  label,
}));
const METADATA_SOURCE_TYPES = [
  { value: 'openLibrary', label: 'Open Library' },
  { value: 'bookInfo', label: 'BookInfo (rreading-glasses)' },
];
const WRITE_AUDIO_TAGS = [
  { value: 'no', label: 'Never' },
  { value: 'newFiles', label: 'For new downloads only' },
  { value: 'allFiles', label: 'For all files; initial import only' },
  { value: 'sync', label: 'For all files; kept in sync with the metadata' },
];
const WRITE_BOOK_TAGS = WRITE_AUDIO_TAGS.slice(1);

/** Settings → UI (config/ui, src/settings/ui/ui-config.resource.ts). */
export function UiSettingsPage() {
  return (
    <Stack>
      <Title order={2}>UI</Title>
      <ConfigFields
        section="ui"
        inputs={[
          { key: 'firstDayOfWeek', label: 'First day of week', kind: 'select', choices: DAYS, numeric: true },
          { key: 'calendarWeekColumnHeader', label: 'Week column header', kind: 'text' },
          { key: 'shortDateFormat', label: 'Short date format', kind: 'text' },
          { key: 'longDateFormat', label: 'Long date format', kind: 'text' },
          { key: 'timeFormat', label: 'Time format', kind: 'text' },
          { key: 'showRelativeDates', label: 'Show relative dates', kind: 'checkbox' },
          { key: 'enableColorImpairedMode', label: 'Color-impaired mode', kind: 'checkbox' },
          {
            key: 'theme',
            label: 'Theme',
            kind: 'select',
            choices: ['auto', 'light', 'dark'].map((value) => ({ value, label: value })),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * Settings → Development (config/development, src/settings/development/development-config.resource.ts). The source
 * type is sent only when picked here: a new URL sent without it is probed by the server, as a Readarr client's is.
 */
export function DevelopmentSettingsPage() {
  const inputs: ConfigInputSpec[] = [
    { key: 'metadataSource', label: 'Metadata source', kind: 'text', description: 'Empty: the default' },
    {
      key: 'metadataSourceType',
      label: 'Metadata source type',
      kind: 'select',
      choices: METADATA_SOURCE_TYPES,
      description: 'Found out from the server when only the URL changes',
    },
    { key: 'coverSource', label: 'Cover source', kind: 'text', description: 'Empty: the default' },
    {
      key: 'consoleLogLevel',
      label: 'Console log level',
      kind: 'select',
      // Readarr's empty value: the console logs at the general log level.
      choices: [{ value: '', label: 'Same as the log level' }, ...LOG_LEVEL_CHOICES],
    },
    { key: 'logSql', label: 'Log SQL', kind: 'checkbox' },
    { key: 'logRotate', label: 'Log files kept', kind: 'number' },
    { key: 'filterSentryEvents', label: 'Filter Sentry events', kind: 'checkbox' },
  ];
  return (
    <Stack>
      <Title order={2}>Development</Title>
      <ConfigFields section="development" inputs={inputs} sentOnlyWhenEdited={['metadataSourceType']} />
    </Stack>
  );
}

/** The metadata source settings (config/metadataprovider, src/settings/metadata-provider), on Settings → Metadata. */
export function MetadataSourceSettings() {
  return (
    <Stack gap="xs">
      <Title order={3}>Metadata source and tags</Title>
      <ConfigFields
        section="metadataprovider"
        inputs={[
          { key: 'writeAudioTags', label: 'Write audio file tags', kind: 'select', choices: WRITE_AUDIO_TAGS },
          { key: 'scrubAudioTags', label: 'Scrub existing audio tags', kind: 'checkbox' },
          { key: 'writeBookTags', label: 'Write book file tags', kind: 'select', choices: WRITE_BOOK_TAGS },
          { key: 'updateCovers', label: 'Update covers', kind: 'checkbox' },
          { key: 'embedMetadata', label: 'Embed metadata in book files', kind: 'checkbox' },
          {
            key: 'requestsPerMinute',
            label: 'Requests per minute',
            kind: 'number',
            description: 'To the metadata source (1–600); Open Library asks for moderation',
          },
          { key: 'userAgent', label: 'User-Agent', kind: 'text', description: 'Sent to the metadata source' },
        ]}
      />
    </Stack>
  );
}
