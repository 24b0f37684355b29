import { Alert, Anchor, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useMemo, useState } from 'react';
import { ApiError, api } from '../../../api/client';
import { TagSelect } from '../TagSelect';
import { differs, useUnsavedChanges } from '../unsaved-changes';
import { ProviderFieldInput } from './ProviderFieldInput';
import { type InventoryLookup, SettingStatus, useSettingsInventory } from '../settings-inventory';
import { ownHelpLink } from '../../../components/help-links';
import {
  actionDependencies,
  failuresByField,
  type FormField,
  type FormValues,
  initialValues,
  isWarning,
  type ProviderFailure,
  type ProviderField,
  type ProviderResource,
  type SelectChoice,
  toChoices,
  toFormFields,
  toWireFields,
  visibleFields,
} from './provider-form';

/** A kind's own flags (enableRss, onGrab, priority, …), drawn above the provider's fields. */
export type KindFieldsComponent = ComponentType<{
  resource: ProviderResource;
  onChange: (patch: Partial<ProviderResource>) => void;
  messages: Record<string, string[]>;
  /** What each flag does in Quire (unsupported ones are disabled, pending ones noted). */
  inventory?: InventoryLookup;
}>;

/**
 * The choices of a field whose options come from a provider action (`POST /<kind>/action/<name>`): asked for the
 * provider as it stands when the list opens (or at once when the field holds values, to name them), and asked again
 * when the fields they depend on (URL, API key…) changed since.
 */
function useActionChoices(kind: string, field: FormField, body: ProviderResource, holdsValue: boolean) {
  const [asked, setAsked] = useState<ProviderResource | undefined>(holdsValue ? body : undefined);
  const query = useQuery({
    queryKey: [kind, 'action', field.choicesAction, ...actionDependencies(asked ?? body, field.name)],
    queryFn: () =>
      api<{ options?: ProviderField['selectOptions'] }>(`${kind}/action/${field.choicesAction}`, {
        method: 'POST',
        body: asked,
      }),
    enabled: field.choicesAction !== undefined && asked !== undefined,
    staleTime: 60_000,
    retry: false,
    select: (answer): SelectChoice[] => toChoices(answer?.options),
  });
  return { query, ask: () => setAsked(body) };
}

function FieldWithChoices(props: {
  kind: string;
  field: FormField;
  body: ProviderResource;
  value: FormValues[string];
  onChange: (value: FormValues[string]) => void;
  messages?: { errors: string[]; warnings: string[] };
}) {
  const holdsValue = Array.isArray(props.value) ? props.value.length > 0 : props.value !== null && props.value !== '';
  const { query, ask } = useActionChoices(props.kind, props.field, props.body, holdsValue);
  const messages = query.error
    ? {
        errors: props.messages?.errors ?? [],
        warnings: [...(props.messages?.warnings ?? []), `The options could not be loaded: ${query.error.message}`],
      }
    : props.messages;
  return (
    <ProviderFieldInput
      field={props.field}
      value={props.value}
      onChange={props.onChange}
      messages={messages}
      choices={props.field.choicesAction ? (query.data ?? props.field.choices) : undefined}
      onOpenChoices={props.field.choicesAction ? ask : undefined}
    />
  );
}

type Outcome = { kind: 'passed' } | { kind: 'failed'; failures: ProviderFailure[]; message: string } | undefined;

/**
 * Adds or edits one provider: its kind's flags, name, tags and the schema's fields; Test and Save call the
 * server, a failed test or save shows the failures on the fields they name and offers "Save anyway"
 * (`forceSave=true`). Secrets stay `********` unless typed over; the server keeps the stored one.
 */
export function ProviderModal({
  kind,
  title,
  initial,
  KindFields,
  onClose,
}: {
  kind: string;
  title: string;
  initial: ProviderResource;
  KindFields?: KindFieldsComponent;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const formFields = useMemo(() => toFormFields(initial.fields), [initial.fields]);
  const [resource, setResource] = useState<ProviderResource>(() => ({ ...initial, fields: undefined }));
  const inventory = useSettingsInventory(`${kind}/${initial.implementation ?? ''}`);
  const [values, setValues] = useState<FormValues>(() => initialValues(formFields, initial.fields));
  const [showAdvanced, setShowAdvanced] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  useUnsavedChanges(
    differs(resource, { ...initial, fields: undefined }) || differs(values, initialValues(formFields, initial.fields)),
  );
  const body: ProviderResource = { ...resource, presets: undefined, fields: toWireFields(formFields, values) };
  const { byField, general } = failuresByField(outcome?.kind === 'failed' ? outcome.failures : [], [
    ...formFields.map((field) => field.name),
    ...Object.keys(resource),
  ]);
  const kindMessages = Object.fromEntries(Object.entries(byField).map(([name, m]) => [name, m.errors]));
  const onFailure = (error: unknown) => {
    const failures = error instanceof ApiError ? (error.failures as ProviderFailure[]) : [];
    setOutcome({ kind: 'failed', failures, message: error instanceof Error ? error.message : String(error) });
  };
  const test = useMutation({
    mutationFn: () => api(`${kind}/test`, { method: 'POST', body }),
    onMutate: () => setOutcome(undefined),
    onSuccess: () => setOutcome({ kind: 'passed' }),
    onError: onFailure,
  });
  const save = useMutation({
    mutationFn: (forceSave: boolean) =>
      api<ProviderResource>(resource.id ? `${kind}/${resource.id}` : kind, {
        method: resource.id ? 'PUT' : 'POST',
        body,
        query: forceSave ? { forceSave: true } : {},
      }),
    onMutate: () => setOutcome(undefined),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [kind] });
      onClose();
    },
    onError: onFailure,
  });
  const remove = useMutation({
    mutationFn: () => api(`${kind}/${resource.id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [kind] });
      onClose();
    },
  });
  const hasAdvanced = formFields.some((field) => field.advanced);
  const busy = test.isPending || save.isPending || remove.isPending;
  const failed = outcome?.kind === 'failed';
  const onlyWarnings = failed && outcome.failures.length > 0 && outcome.failures.every(isWarning);
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm" data-testid="provider-form">
        {ownHelpLink(initial.infoLink) && (
          <Anchor href={initial.infoLink} target="_blank" rel="noreferrer" size="sm">
            About {initial.implementationName}
          </Anchor>
        )}
        <TextInput
          label="Name"
          value={resource.name ?? ''}
          onChange={(event) => setResource({ ...resource, name: event.currentTarget.value })}
          error={byField.name?.errors.join('; ') || undefined}
          data-field="name"
        />
        {KindFields && (
          <KindFields
            resource={resource}
            onChange={(patch) => setResource((current) => ({ ...current, ...patch }))}
            messages={kindMessages}
            inventory={inventory}
          />
        )}
        {visibleFields(formFields, values, showAdvanced).map((field) => (
          <SettingStatus key={field.name} field={inventory(`fields.${field.name}`)}>
            <FieldWithChoices
              kind={kind}
              field={field}
              body={body}
              value={values[field.name] ?? null}
              onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
              messages={byField[field.name]}
            />
          </SettingStatus>
        ))}
        <TagSelect value={resource.tags} onChange={(tags) => setResource({ ...resource, tags })} />
        {hasAdvanced && (
          <Switch
            label="Show advanced settings"
            checked={showAdvanced}
            onChange={(event) => setShowAdvanced(event.currentTarget.checked)}
          />
        )}
        {outcome?.kind === 'passed' && (
          <Alert color="teal" data-testid="test-passed">
            Test passed
          </Alert>
        )}
        {failed && (general.length > 0 || outcome.failures.length === 0) && (
          <Alert color={onlyWarnings ? 'orange' : 'red'} data-testid="form-failures">
            {(general.length > 0 ? general.map((failure) => failure.errorMessage) : [outcome.message]).map((text) => (
              <Text key={text} size="sm">
                {text}
              </Text>
            ))}
          </Alert>
        )}
        {remove.error && <Alert color="red">{remove.error.message}</Alert>}
        <Group justify="space-between" mt="sm">
          <Group gap="xs">
            {resource.id !== undefined && (
              <Button color="red" variant="light" onClick={() => remove.mutate()} loading={remove.isPending}>
                Delete
              </Button>
            )}
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={() => test.mutate()} loading={test.isPending} disabled={busy}>
              Test
            </Button>
            {failed && (
              <Button color="orange" variant="light" onClick={() => save.mutate(true)} disabled={busy}>
                Save anyway
              </Button>
            )}
            <Button onClick={() => save.mutate(false)} loading={save.isPending} disabled={busy}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
