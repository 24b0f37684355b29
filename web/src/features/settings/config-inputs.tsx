import { Checkbox, NumberInput, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { QueryState } from '../../components/States';
import { SaveBar, useConfigForm } from './config-form';
import { type InventoryLookup, SettingStatus, useSettingsInventory } from './settings-inventory';

export interface Choice {
  value: string;
  label: string;
}

/** Readarr's log levels as select choices (config/host logLevel, config/development consoleLogLevel). */
export const LOG_LEVEL_CHOICES: Choice[] = ['trace', 'debug', 'info', 'warn', 'error'].map((value) => ({
  value,
  label: value,
}));

/** One input of a `config/<section>` form, bound to a property of the resource. */
export type ConfigInputSpec =
  | { key: string; label: string; kind: 'text' | 'password' | 'number' | 'checkbox'; description?: string }
  | { key: string; label: string; kind: 'select'; choices: Choice[]; numeric?: boolean; description?: string };

/** What an input needs of a config form (methods, so any `useConfigForm<T>` fits). */
export interface EditableConfig {
  draft: Record<string, unknown>;
  set(patch: Record<string, unknown>): void;
  errorOf(key: string): string | undefined;
}

/**
 * One config property drawn by its kind, with the server's 400 failure for it underneath; an unsupported property
 * is disabled with its reason, a pending one carries a note (`inventory`, when given).
 */
export function ConfigInput({
  form,
  input,
  inventory,
}: {
  form: EditableConfig;
  input: ConfigInputSpec;
  inventory?: InventoryLookup;
}) {
  return (
    <SettingStatus field={inventory?.(input.key)}>
      <ConfigControl form={form} input={input} />
    </SettingStatus>
  );
}

function ConfigControl({ form, input }: { form: EditableConfig; input: ConfigInputSpec }) {
  const value = form.draft[input.key];
  const common = { label: input.label, description: input.description, error: form.errorOf(input.key) };
  switch (input.kind) {
    case 'checkbox':
      return (
        <Checkbox
          {...common}
          checked={value === true}
          onChange={(e) => form.set({ [input.key]: e.currentTarget.checked })}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => form.set({ [input.key]: next === '' ? undefined : Number(next) })}
          w={240}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={input.choices}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : null}
          onChange={(next) => form.set({ [input.key]: input.numeric ? Number(next) : (next ?? undefined) })}
          allowDeselect={false}
          w={320}
        />
      );
    case 'password':
    case 'text': {
      // A stored secret comes back as `********`; sent back unchanged, the server keeps it.
      const Input = input.kind === 'password' ? PasswordInput : TextInput;
      return (
        <Input
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => form.set({ [input.key]: e.currentTarget.value })}
          maw={480}
        />
      );
    }
  }
}

/** A whole `config/<section>` resource as a list of inputs and its save bar. */
export function ConfigFields({
  section,
  inputs,
  sentOnlyWhenEdited,
}: {
  section: string;
  inputs: ConfigInputSpec[];
  sentOnlyWhenEdited?: string[];
}) {
  const form = useConfigForm<Record<string, unknown>>(section, { sentOnlyWhenEdited });
  const inventory = useSettingsInventory(`config/${section}`);
  return (
    <QueryState query={form.query}>
      {() => (
        <Stack gap="xs" data-testid={`config-${section}`}>
          {inputs.map((input) => (
            <ConfigInput key={input.key} form={form} input={input} inventory={inventory} />
          ))}
          <SaveBar form={form} />
        </Stack>
      )}
    </QueryState>
  );
}
