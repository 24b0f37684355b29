import {
  Anchor,
  Checkbox,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { PathInput } from '../../../components/PathInput';
import type { FieldMessages, FormField, FormValue, SelectChoice } from './provider-form';

function Description({ field }: { field: FormField }) {
  if (!field.helpText && !field.helpTextWarning && !field.helpLink) return null;
  return (
    <>
      {field.helpText}
      {field.helpTextWarning && (
        <Text component="span" size="xs" c="orange" display="block">
          {field.helpTextWarning}
        </Text>
      )}
      {field.helpLink && (
        <Anchor href={field.helpLink} target="_blank" rel="noreferrer" size="xs" display="block">
          More info
        </Anchor>
      )}
    </>
  );
}

/** Errors in red on the input; warnings (which "save anyway" may pass) in orange beneath it. */
function errorOf(messages: FieldMessages | undefined): ReactNode {
  if (!messages || (messages.errors.length === 0 && messages.warnings.length === 0)) return undefined;
  return (
    <>
      {messages.errors.join('; ')}
      {messages.warnings.length > 0 && (
        <Text component="span" size="xs" c="orange" display="block">
          {messages.warnings.join('; ')}
        </Text>
      )}
    </>
  );
}

/** One provider field, drawn by its mapped control. */
export function ProviderFieldInput({
  field,
  value,
  onChange,
  messages,
  choices,
}: {
  field: FormField;
  value: FormValue;
  onChange: (value: FormValue) => void;
  messages?: FieldMessages;
  /** Choices from the provider action, when the field has one. */
  choices?: SelectChoice[];
}) {
  const common = {
    label: field.label,
    description: <Description field={field} />,
    error: errorOf(messages),
    placeholder: field.placeholder,
    'data-field': field.name,
    wrapperProps: { 'data-field-wrapper': field.name },
  };
  const text = typeof value === 'string' ? value : '';
  if (field.secret)
    return <PasswordInput {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} />;
  switch (field.control) {
    case 'checkbox':
      return (
        <Checkbox
          label={field.label}
          description={<Description field={field} />}
          error={errorOf(messages)}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          data-field={field.name}
          wrapperProps={{ 'data-field-wrapper': field.name }}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(next === '' ? null : Number(next))}
          allowDecimal={field.isFloat}
          rightSection={
            field.unit ? (
              <Text size="xs" c="dimmed">
                {field.unit}
              </Text>
            ) : undefined
          }
          rightSectionWidth={field.unit ? 64 : undefined}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={choices ?? field.choices}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
          allowDeselect={false}
        />
      );
    case 'multiSelect':
      return (
        <MultiSelect
          {...common}
          data={mergeChoices(choices ?? field.choices, Array.isArray(value) ? value : [])}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => onChange(next)}
          searchable
        />
      );
    case 'tags':
      return (
        <TagsInput
          {...common}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => onChange(next)}
          acceptValueOnBlur
        />
      );
    case 'path':
      return <PathInput {...common} value={text} onChange={onChange} />;
    case 'text':
    case 'url':
    case 'unsupported':
      return (
        <TextInput
          {...common}
          type={field.control === 'url' ? 'url' : 'text'}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          disabled={field.control === 'unsupported' && text === ''}
        />
      );
    case 'password':
      return <PasswordInput {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}

/** Values the options list does not know (e.g. before the action answered) stay selectable. */
function mergeChoices(choices: SelectChoice[], values: string[]): SelectChoice[] {
  const known = new Set(choices.map((choice) => choice.value));
  return [...choices, ...values.filter((value) => !known.has(value)).map((value) => ({ value, label: value }))];
}
