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
import { ownHelpLink } from '../../../components/help-links';
import {
  choiceKey,
  type FieldMessages,
  type FormField,
  type FormValue,
  pickedValues,
  type SelectChoice,
  withHeldValues,
} from './provider-form';

function Description({ field }: { field: FormField }) {
  const helpLink = ownHelpLink(field.helpLink);
  if (!field.helpText && !field.helpTextWarning && !helpLink) return null;
  return (
    <>
      {field.helpText}
      {field.helpTextWarning && (
        <Text component="span" size="xs" c="orange" display="block">
          {field.helpTextWarning}
        </Text>
      )}
      {helpLink && (
        <Anchor href={helpLink} target="_blank" rel="noreferrer" size="xs" display="block">
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
  onOpenChoices,
}: {
  field: FormField;
  value: FormValue;
  onChange: (value: FormValue) => void;
  messages?: FieldMessages;
  /** Choices from the provider action, when the field has one. */
  choices?: SelectChoice[];
  /** Called when a select's list opens (a provider action's choices are asked for then). */
  onOpenChoices?: () => void;
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
  const held = Array.isArray(value)
    ? value
    : typeof value === 'number' || (value && typeof value === 'string')
      ? [value]
      : [];
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
          data={withHeldValues(choices ?? field.choices, held)}
          value={held.length > 0 ? choiceKey(held[0]) : null}
          onChange={(next) => onChange(next === null ? null : pickedValues([next], choices ?? field.choices, held)[0])}
          onDropdownOpen={onOpenChoices}
          allowDeselect={false}
        />
      );
    case 'multiSelect':
      return (
        <MultiSelect
          {...common}
          data={withHeldValues(choices ?? field.choices, held)}
          value={held.map(choiceKey)}
          onChange={(next) => onChange(pickedValues(next, choices ?? field.choices, held))}
          onDropdownOpen={onOpenChoices}
          searchable
        />
      );
    case 'tags':
      return <TagsInput {...common} value={held.map(String)} onChange={(next) => onChange(next)} acceptValueOnBlur />;
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
