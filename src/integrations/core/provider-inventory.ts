import {
  InventoryEntry,
  resourceFieldNames,
  SettingsSurface,
  unsupportedChanges,
} from '../../platform/settings/inventory/settings-inventory';
import { ValidationFailure, failure } from '../../platform/common/errors/domain-errors';
import { unsupportedText } from '../../platform/settings/inventory/settings-inventory';
import { describeSettings, hydrateSettings, SettingsClass, settingsToFields } from './schema-builder';

/** Properties every provider resource has that are identities or output, never settings. */
const PROVIDER_NOT_SETTINGS = ['fields', 'implementationName', 'implementation', 'configContract', 'infoLink'];

/** What each flag of a provider kind, and each `fields[]` entry of each implementation, does in Quire. */
export interface ProviderKindInventory {
  /** The route segment, e.g. `downloadclient`. */
  kind: string;
  title: string;
  resource: new () => object;
  /** Kind properties that are output only (capabilities, links). */
  notSettings: readonly string[];
  /** Defaults of the kind's own flags, for the "non-default" test of unsupported ones. */
  defaults?: Record<string, unknown>;
  /** The kind's own properties (flags, priority, tags, name). */
  common: Record<string, InventoryEntry>;
  implementations: Record<string, { settings: SettingsClass; fields: Record<string, InventoryEntry> }>;
}

/** The `fields[]` entries appear as `fields.<name>` beside the kind's own properties. */
export const fieldKey = (name: string) => `fields.${name}`;

export function providerSurfaces(inventory: ProviderKindInventory): SettingsSurface[] {
  const common = resourceFieldNames(inventory.resource, [...PROVIDER_NOT_SETTINGS, ...inventory.notSettings]);
  return Object.entries(inventory.implementations).map(([implementation, { settings, fields }]) => {
    const schema = settingsToFields(hydrateSettings(settings), settings, { includeSecrets: true });
    return {
      id: `${inventory.kind}/${implementation}`,
      title: `${inventory.title}: ${implementation}`,
      route: `/api/v1/${inventory.kind}`,
      fields: [...common, ...describeSettings(settings).map((flat) => fieldKey(flat.name))],
      defaults: {
        ...inventory.defaults,
        ...Object.fromEntries(schema.map((field) => [fieldKey(field.name), field.value])),
      },
      entries: {
        ...inventory.common,
        ...Object.fromEntries(Object.entries(fields).map(([name, entry]) => [fieldKey(name), entry])),
      },
    };
  });
}

/** Whether an implementation's field is unsupported, and why (for the schema's help text). */
export function unsupportedFieldReason(
  inventory: ProviderKindInventory | undefined,
  implementation: string,
  fieldName: string,
): string | undefined {
  const entry = inventory?.implementations[implementation]?.fields[fieldName];
  return entry?.status === 'unsupported' ? entry.reason : undefined;
}

/**
 * 400 failures for a provider resource that sets unsupported properties or fields to something other than their
 * default or stored value.
 */
export function unsupportedProviderFailures(
  inventory: ProviderKindInventory | undefined,
  implementation: string,
  resource: { fields?: { name?: string; value?: unknown }[] } & object,
  current: Record<string, unknown>,
): ValidationFailure[] {
  const surface =
    inventory && providerSurfaces(inventory).find((item) => item.id === `${inventory.kind}/${implementation}`);
  if (!surface) return [];
  const input: Record<string, unknown> = { ...(resource as Record<string, unknown>) };
  for (const field of resource.fields ?? [])
    if (field?.name && 'value' in field) input[fieldKey(field.name)] = field.value;
  return unsupportedChanges(surface, input, current).map((change) =>
    failure(change.field.replace(/^fields\./, ''), unsupportedText(change.reason), change.value),
  );
}
