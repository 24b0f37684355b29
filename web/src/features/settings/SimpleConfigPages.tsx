import { Stack, Table, Title } from '@mantine/core';
import {
  DateFormats,
  formatPattern,
  formatTime,
  type UiSettings,
  uiSettingsOf,
  WEEKDAY_NAMES,
} from '../../components/dates';
import { QueryState } from '../../components/States';
import { viewDays } from '../calendar/calendar';
import { useConfigForm, SaveBar } from './config-form';
import { type Choice, ConfigFields, ConfigInput, type ConfigInputSpec, LOG_LEVEL_CHOICES } from './config-inputs';
import { useSettingsInventory } from './settings-inventory';

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

/** Readarr's sample moment for the option labels: Tuesday 25 March 2014, 5pm and 5:30pm. */
const SAMPLE = new Date(2014, 2, 25, 17, 30);
const SAMPLE_ON_THE_HOUR = new Date(2014, 2, 25, 17, 0);

const patternChoices = (patterns: string[]): Choice[] =>
  patterns.map((pattern) => ({ value: pattern, label: `${formatPattern(SAMPLE, pattern)}  (${pattern})` }));

const UI_CHOICES: Record<string, Choice[]> = {
  // Readarr offers Sunday and Monday; a Readarr-era client may have stored another day, which stays shown.
  firstDayOfWeek: [0, 1].map((day) => ({ value: String(day), label: WEEKDAY_NAMES[day] })),
  calendarWeekColumnHeader: patternChoices(['ddd M/D', 'ddd MM/DD', 'ddd D/M', 'ddd DD/MM']),
  shortDateFormat: patternChoices(['MMM D YYYY', 'DD MMM YYYY', 'MM/D/YYYY', 'MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD']),
  // Readarr labels these by their sample alone; the patterns are long.
  longDateFormat: ['dddd, MMMM D YYYY', 'dddd, D MMMM YYYY'].map((pattern) => ({
    value: pattern,
    label: formatPattern(SAMPLE, pattern),
  })),
  timeFormat: ['h(:mm)a', 'HH:mm'].map((pattern) => ({
    value: pattern,
    label: `${formatTime(SAMPLE_ON_THE_HOUR, pattern)}/${formatTime(SAMPLE, pattern)}`,
  })),
  theme: ['auto', 'light', 'dark'].map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) })),
  uiLanguage: [{ value: '1', label: 'English' }],
};

/** The select's options, with a value stored by another client (not among Readarr's) kept as it is. */
function choicesWith(choices: Choice[], stored: unknown, label: (value: string) => string): Choice[] {
  const value = typeof stored === 'string' || typeof stored === 'number' ? String(stored) : '';
  if (value === '' || choices.some((choice) => choice.value === value)) return choices;
  return [...choices, { value, label: label(value) }];
}

/**
 * Settings → UI (config/ui, src/platform/settings/ui): Readarr's options with their sample dates as labels, and a
 * preview of the choices not saved yet. Saved, they apply on the next render of every page (components/ui-settings).
 */
export function UiSettingsPage() {
  const form = useConfigForm<Record<string, unknown>>('ui');
  const inventory = useSettingsInventory('config/ui');
  const select = (key: string, label: string, numeric = false): ConfigInputSpec => ({
    key,
    label,
    kind: 'select',
    numeric,
    choices: choicesWith(UI_CHOICES[key], form.draft[key], (value) =>
      key === 'firstDayOfWeek'
        ? (WEEKDAY_NAMES[Number(value)] ?? value)
        : `${formatPattern(SAMPLE, value)}  (${value})`,
    ),
  });
  const groups: [string, ConfigInputSpec[]][] = [
    [
      'Calendar',
      [select('firstDayOfWeek', 'First day of week', true), select('calendarWeekColumnHeader', 'Week column header')],
    ],
    [
      'Dates',
      [
        select('shortDateFormat', 'Short date format'),
        select('longDateFormat', 'Long date format'),
        select('timeFormat', 'Time format'),
        {
          key: 'showRelativeDates',
          label: 'Show relative dates',
          kind: 'checkbox',
          description: 'Today, Yesterday, Tomorrow and weekday names instead of dates; “in 5 minutes” for tasks',
        },
      ],
    ],
    [
      'Style',
      [
        { ...select('theme', 'Theme'), description: 'Auto follows the system’s light or dark setting' },
        {
          key: 'enableColorImpairedMode',
          label: 'Color-impaired mode',
          kind: 'checkbox',
          description:
            'Status colours that red-green colour blindness tells apart (blue for done, vermilion for failed)',
        },
      ],
    ],
    ['Language', [select('uiLanguage', 'UI language', true)]],
  ];
  return (
    <Stack>
      <Title order={2}>UI</Title>
      <QueryState query={form.query}>
        {() => (
          <Stack gap="xs" data-testid="config-ui">
            {groups.map(([legend, inputs]) => (
              <Stack key={legend} gap="xs">
                <Title order={4}>{legend}</Title>
                {inputs.map((input) => (
                  <ConfigInput key={input.key} form={form} input={input} inventory={inventory} />
                ))}
              </Stack>
            ))}
            <UiPreview draft={uiSettingsOf(form.draft)} />
            <SaveBar form={form} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

/** How the choices on the page (saved or not) show this moment and today's calendar week. */
function UiPreview({ draft }: { draft: UiSettings }) {
  const now = new Date();
  const formats = new DateFormats(draft);
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}T00:00:00Z`;
  const week = viewDays(today.slice(0, 10), 'week', draft.firstDayOfWeek).map((day) =>
    formats.weekColumn(`${day}T00:00:00Z`),
  );
  const inThreeDays = new Date(now.getTime() + 3 * 86_400_000);
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
      <Table withTableBorder w="fit-content" data-testid="ui-preview">
        <Table.Caption>Preview</Table.Caption>
        <Table.Tbody>
          {[
            ['Short date', formats.shortDate(now)],
            ['Long date', formats.longDay(today)],
            ['Time', formats.time(now)],
            ['In three days', formats.day(`${inThreeDays.toISOString().slice(0, 10)}T00:00:00Z`)],
            ['Calendar week', week.join(' · ')],
          ].map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
