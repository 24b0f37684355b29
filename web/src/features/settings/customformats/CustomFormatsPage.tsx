import { ActionIcon, Button, Card, Checkbox, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/client';
import { keys } from '../../../api/keys';
import { CardsSection } from '../CardsSection';
import { ProviderFieldInput } from '../provider/ProviderFieldInput';
import { failuresByField, type FormValue, type ProviderFailure } from '../provider/provider-form';
import { EditorModal, useResourceEditor } from '../resource-editor';
import {
  type CustomFormat,
  type EditableSpecification,
  formatFailures,
  specificationFailures,
  toEditable,
  toWire,
  type WireSpecification,
} from './custom-format';

const KEY = ['customformat'];

function Condition({
  spec,
  failures,
  onChange,
  onRemove,
}: {
  spec: EditableSpecification;
  failures: ProviderFailure[];
  onChange: (spec: EditableSpecification) => void;
  onRemove: () => void;
}) {
  const { byField } = failuresByField(failures, ['name', ...spec.formFields.map((field) => field.name)]);
  return (
    <Card withBorder padding="sm" data-testid="condition">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {spec.implementationName}
        </Text>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove condition ${spec.name}`} onClick={onRemove}>
          ×
        </ActionIcon>
      </Group>
      <Stack gap="xs">
        <TextInput
          label="Condition name"
          value={spec.name}
          onChange={(e) => onChange({ ...spec, name: e.currentTarget.value })}
          error={byField.name?.errors.join('; ')}
        />
        {spec.formFields.map((field) => (
          <ProviderFieldInput
            key={field.name}
            field={field}
            value={spec.values[field.name] ?? null}
            onChange={(value: FormValue) => onChange({ ...spec, values: { ...spec.values, [field.name]: value } })}
            messages={byField[field.name]}
          />
        ))}
        <Group>
          <Checkbox
            label="Negate"
            checked={spec.negate}
            onChange={(e) => onChange({ ...spec, negate: e.currentTarget.checked })}
          />
          <Checkbox
            label="Required"
            checked={spec.required}
            onChange={(e) => onChange({ ...spec, required: e.currentTarget.checked })}
          />
        </Group>
      </Stack>
    </Card>
  );
}

function CustomFormatModal({
  initial,
  schema,
  onClose,
}: {
  initial: CustomFormat;
  schema: WireSpecification[];
  onClose: () => void;
}) {
  // The draft keeps conditions in the editor's shape; the wire shape is what is saved.
  const [specs, setSpecs] = useState(() => (initial.specifications ?? []).map(toEditable));
  const editor = useResourceEditor<CustomFormat>({
    resource: 'customformat',
    initial: { ...initial, specifications: (initial.specifications ?? []).map((spec) => toWire(toEditable(spec))) },
    queryKey: KEY,
    // Profiles list every format with its score: a new or deleted format changes them.
    alsoInvalidate: [keys.qualityProfiles],
    onDone: onClose,
    names: ['name', 'specifications'],
  });
  const { value, set } = editor;
  const sync = (next: EditableSpecification[]) => {
    setSpecs(next);
    set({ specifications: next.map(toWire) });
  };
  const own = failuresByField(formatFailures(editor.failures), ['name', 'specifications']).byField;
  return (
    <EditorModal
      editor={editor}
      onClose={onClose}
      title={value.id ? 'Edit custom format' : 'Add custom format'}
      shownElsewhere={(failure) => !formatFailures([failure]).length}
    >
      <TextInput
        label="Name"
        value={value.name ?? ''}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={own.name?.errors.join('; ')}
      />
      <Checkbox
        label="Include in {Custom Formats} renaming format"
        checked={value.includeCustomFormatWhenRenaming === true}
        onChange={(e) => set({ includeCustomFormatWhenRenaming: e.currentTarget.checked })}
      />
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Conditions
        </Text>
        <Menu>
          <Menu.Target>
            <Button size="xs" variant="light">
              Add condition
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {schema.map((template) => (
              <Menu.Item key={template.implementation} onClick={() => sync([...specs, toEditable(template)])}>
                {template.implementationName}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {own.specifications && (
        <Text size="sm" c="red">
          {own.specifications.errors.join('; ')}
        </Text>
      )}
      {specs.map((spec, index) => (
        <Condition
          key={index}
          spec={spec}
          failures={specificationFailures(editor.failures, index)}
          onChange={(next) => sync(specs.map((current, i) => (i === index ? next : current)))}
          onRemove={() => sync(specs.filter((_, i) => i !== index))}
        />
      ))}
    </EditorModal>
  );
}

/** Settings → Custom formats: formats made of conditions from `customformat/schema`; profiles score them. */
export default function CustomFormatsPage() {
  const list = useQuery({ queryKey: KEY, queryFn: () => api<CustomFormat[]>('customformat') });
  const schema = useQuery({
    queryKey: ['customformat', 'schema'],
    queryFn: () => api<WireSpecification[]>('customformat/schema'),
    staleTime: Infinity,
  });
  const [editing, setEditing] = useState<CustomFormat>();
  return (
    <>
      <CardsSection
        title="Custom formats"
        heading={2}
        addLabel="Add custom format"
        onAdd={() => setEditing({ name: '', includeCustomFormatWhenRenaming: false, specifications: [] })}
        addDisabled={!schema.data}
        query={list}
        onEdit={setEditing}
        testId="custom-format-card"
        card={(format) => (
          <>
            <Text fw={600}>{format.name}</Text>
            <Text size="xs" c="dimmed">
              {(format.specifications ?? []).map((spec) => `${spec.negate ? 'not ' : ''}${spec.name}`).join(', ')}
            </Text>
          </>
        )}
      />
      {editing && schema.data && (
        <CustomFormatModal initial={editing} schema={schema.data} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}
