import { Checkbox, NumberInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { QueryState } from '../../components/States';
import { SaveBar, useConfigForm } from './config-form';

type Input =
  | { key: string; label: string; kind: 'text' | 'number' | 'checkbox'; description?: string }
  | { key: string; label: string; kind: 'select'; choices: { value: string; label: string }[]; numeric?: boolean };

/** A `config/<section>` page drawn from a list of inputs, with Readarr's 400 failures on the input they name. */
function ConfigPage({ title, section, inputs }: { title: string; section: string; inputs: Input[] }) {
  const form = useConfigForm<Record<string, unknown>>(section);
  const { draft } = form;
  const draw = (input: Input) => {
    const value = draft[input.key];
    const error = form.errorOf(input.key);
    switch (input.kind) {
      case 'checkbox':
        return (
          <Checkbox
            key={input.key}
            label={input.label}
            checked={value === true}
            onChange={(e) => form.set({ [input.key]: e.currentTarget.checked })}
            error={error}
          />
        );
      case 'number':
        return (
          <NumberInput
            key={input.key}
            label={input.label}
            description={input.description}
            value={typeof value === 'number' ? value : ''}
            onChange={(next) => form.set({ [input.key]: next === '' ? undefined : Number(next) })}
            error={error}
            w={240}
          />
        );
      case 'select':
        return (
          <Select
            key={input.key}
            label={input.label}
            data={input.choices}
            value={typeof value === 'string' || typeof value === 'number' ? String(value) : null}
            onChange={(next) => form.set({ [input.key]: input.numeric ? Number(next) : (next ?? undefined) })}
            error={error}
            allowDeselect={false}
            w={320}
          />
        );
      case 'text':
        return (
          <TextInput
            key={input.key}
            label={input.label}
            description={input.description}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => form.set({ [input.key]: e.currentTarget.value })}
            error={error}
            maw={480}
          />
        );
    }
  };
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <QueryState query={form.query}>
        {() => (
          <Stack gap="xs">
            {inputs.map(draw)}
            <SaveBar form={form} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((label, value) => ({
  value: String(value),
  label,
}));
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error'].map((value) => ({ value, label: value }));

/** Settings → UI (config/ui, src/settings/ui/ui-config.resource.ts). */
export function UiSettingsPage() {
  return (
    <ConfigPage
      title="UI"
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
  );
}

/** Settings → Development (config/development, src/settings/development/development-config.resource.ts). */
export function DevelopmentSettingsPage() {
  return (
    <ConfigPage
      title="Development"
      section="development"
      inputs={[
        { key: 'metadataSource', label: 'Metadata source', kind: 'text', description: 'Empty: the default' },
        { key: 'coverSource', label: 'Cover source', kind: 'text', description: 'Empty: the default' },
        { key: 'consoleLogLevel', label: 'Console log level', kind: 'select', choices: LOG_LEVELS },
        { key: 'logSql', label: 'Log SQL', kind: 'checkbox' },
        { key: 'logRotate', label: 'Log files kept', kind: 'number' },
        { key: 'filterSentryEvents', label: 'Filter Sentry events', kind: 'checkbox' },
      ]}
    />
  );
}
