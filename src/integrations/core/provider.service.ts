import {
  BadRequestError,
  failure,
  NotFoundError,
  ValidationError,
  ValidationFailure,
} from '../../platform/common/errors/domain-errors';
import { Provider, ProviderContext, ProviderRegistry, infoLinkFor } from './provider';
import { ProviderDefinition, ProviderKind } from './provider-definition.entity';
import { ProviderDefinitionRepository } from './provider-definition.repository';
import { ProviderBulkResource, ProviderResource, ProviderTestAllResult } from './provider.resource';
import {
  applyFields,
  FieldValue,
  hydrateSettings,
  settingsToFields,
  settingsToPlain,
  validateSettings,
} from './schema-builder';
import {
  fieldKey,
  ProviderKindInventory,
  unsupportedFieldReason,
  unsupportedProviderFailures,
} from './provider-inventory';
import { unsupportedText } from '../../platform/settings/inventory/settings-inventory';

/** The kind-specific columns of a definition (what `options`/`priority`/`enable` hold). */
export interface KindState {
  options: Record<string, unknown>;
  priority: number;
}

/** `testall` answers 400 with its result list when one failed; the global filter writes `failures` as the body. */
class TestAllFailedError extends ValidationError {
  constructor(results: ProviderTestAllResult[]) {
    super([]);
    (this as { failures: unknown }).failures = results;
  }
}

export interface SaveOptions {
  /** Refuse (400) a change of a field the kind's inventory marks unsupported. */
  refuseUnsupported?: boolean;
}

/**
 * Readarr's ProviderControllerBase + ProviderFactory semantics for one kind: list/get/create/update/delete,
 * bulk, schema, test (forceSave/forceTest), testall and actions. A kind supplies its registry and the mapping of
 * its own flags.
 */
export abstract class ProviderService<
  P extends Provider<any>,
  R extends ProviderResource,
  B extends ProviderBulkResource = ProviderBulkResource,
> {
  protected abstract readonly kind: ProviderKind;
  /** What each flag and field of this kind does; unsupported ones are refused when changed and say so in the schema. */
  protected readonly inventory?: ProviderKindInventory;

  constructor(
    protected readonly definitions: ProviderDefinitionRepository,
    readonly registry: ProviderRegistry<P>,
  ) {}

  /** Flags and priority of a fresh template of this implementation. */
  protected abstract defaults(provider: P): KindState;
  /** Reads the kind's flags from a resource; absent ones keep `current`. */
  protected abstract readKindFields(resource: R, current: KindState, provider: P): KindState;
  /** The kind's wire fields of a definition. */
  protected abstract writeKindFields(state: KindState, provider: P | undefined): Partial<R>;
  /** Whether the definition counts as enabled (then it is validated and tested on save). */
  protected abstract isEnabled(state: KindState): boolean;
  /** The `name` of a schema template (Readarr: the implementation for indexers, empty for download clients). */
  protected templateName(provider: P): string {
    return provider.meta.implementation;
  }
  /** Applies the kind-specific fields of a bulk edit. */
  protected applyBulkFields(_bulk: B, _state: KindState): void {}

  async list(): Promise<R[]> {
    return (await this.definitions.listByKind(this.kind)).map((definition) => this.toResource(definition));
  }

  async get(id: number): Promise<R> {
    return this.toResource(await this.require(id));
  }

  async require(id: number): Promise<ProviderDefinition> {
    const definition = await this.definitions.findOne(this.kind, id);
    if (!definition) throw new NotFoundError(`${this.kindLabel()} with ID ${id} does not exist`);
    return definition;
  }

  /** The implementation and typed settings of a stored definition (for the code that uses providers). */
  resolve(definition: ProviderDefinition): { provider: P; settings: object } | undefined {
    const provider = this.registry.find(definition.implementation);
    if (!provider) return undefined;
    return { provider, settings: hydrateSettings(provider.meta.settings, definition.settings) };
  }

  /** Names of this kind's definitions by id (for lists that show which provider an item came from). */
  async namesById(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    return new Map(
      (await this.definitions.findMany(this.kind, ids)).map((definition) => [definition.id, definition.name]),
    );
  }

  /** The definition, or null when there is none of this kind with that id. */
  find(id: number): Promise<ProviderDefinition | null> {
    return this.definitions.findOne(this.kind, id);
  }

  async listEnabled(): Promise<ProviderDefinition[]> {
    return this.definitions.listEnabled(this.kind);
  }

  /**
   * `refuseUnsupported` is set for clients' requests; a migration carries over what Readarr stored, even an
   * unsupported flag, which then simply has no effect.
   */
  async create(resource: R, forceSave = false, options: SaveOptions = {}): Promise<R> {
    const provider = this.requireProvider(resource.implementation);
    if (options.refuseUnsupported) this.assertSupported(provider, resource, {});
    const settings = applyFields(hydrateSettings(provider.meta.settings), provider.meta.settings, resource.fields);
    const state = this.readKindFields(resource, this.defaults(provider), provider);
    const name = resource.name ?? '';
    await this.validate({ name, settings, state, provider, forceSave });
    const saved = await this.definitions.save({
      kind: this.kind,
      name: name.trim(),
      implementation: provider.meta.implementation,
      configContract: provider.meta.configContract,
      settings: settingsToPlain(settings, provider.meta.settings),
      tags: unique(resource.tags ?? []),
      enable: this.isEnabled(state),
      priority: state.priority,
      options: state.options,
    });
    return this.toResource(saved);
  }

  async update(id: number, resource: R, forceSave = false, options: SaveOptions = {}): Promise<R> {
    const current = await this.require(id);
    const provider = this.requireProvider(resource.implementation ?? current.implementation);
    const sameImplementation = provider.meta.implementation === current.implementation;
    if (options.refuseUnsupported)
      this.assertSupported(provider, resource, sameImplementation ? this.wireValues(current) : {});
    const stored = sameImplementation ? current.settings : undefined;
    const settings = applyFields(
      hydrateSettings(provider.meta.settings, stored),
      provider.meta.settings,
      resource.fields,
    );
    const state = this.readKindFields(resource, { options: current.options, priority: current.priority }, provider);
    const name = resource.name ?? current.name;
    await this.validate({ id, name, settings, state, provider, forceSave });
    const saved = await this.definitions.save({
      ...current,
      name: name.trim(),
      implementation: provider.meta.implementation,
      configContract: provider.meta.configContract,
      settings: settingsToPlain(settings, provider.meta.settings),
      tags: resource.tags ? unique(resource.tags) : current.tags,
      enable: this.isEnabled(state),
      priority: state.priority,
      options: state.options,
    });
    return this.toResource(saved);
  }

  async delete(id: number): Promise<Record<string, never>> {
    await this.require(id);
    await this.definitions.remove(this.kind, [id]);
    return {};
  }

  async bulkUpdate(bulk: B): Promise<R[]> {
    const ids = bulk.ids ?? [];
    if (ids.length === 0) throw new BadRequestError('BadRequest: ids must be provided');
    const definitions = await this.definitions.findMany(this.kind, ids);
    for (const definition of definitions) {
      const state: KindState = { options: { ...definition.options }, priority: definition.priority };
      this.applyBulkFields(bulk, state);
      definition.options = state.options;
      definition.priority = state.priority;
      definition.enable = this.isEnabled(state);
      if (bulk.tags) definition.tags = applyTags(definition.tags, bulk.tags, bulk.applyTags ?? 'add');
    }
    const saved = await this.definitions.saveMany(definitions);
    return saved.map((definition) => this.toResource(definition));
  }

  async bulkDelete(bulk: B): Promise<Record<string, never>> {
    const ids = bulk.ids ?? [];
    if (ids.length === 0) throw new BadRequestError('BadRequest: ids must be provided');
    await this.definitions.remove(this.kind, ids);
    return {};
  }

  schema(): R[] {
    return this.registry.sorted().map((provider) => {
      const template = this.template(provider, this.templateName(provider), {});
      (template as R & { presets: R[] }).presets = (provider.meta.presets ?? []).map((preset) =>
        this.template(provider, preset.name, preset.settings as Record<string, unknown>),
      );
      return template;
    });
  }

  /** Validates and live-tests an unsaved resource; with an id, masked secrets are taken from the stored one. */
  async test(resource: R, forceTest = false): Promise<Record<string, never>> {
    const { provider, settings, name } = await this.resolveInput(resource);
    const failures = [...validateSettings(settings)];
    if (failures.length === 0) failures.push(...(await provider.test(settings, { id: resource.id, name })));
    const blocking = failures.filter((item) => !forceTest || !item.isWarning);
    if (blocking.length > 0) throw new ValidationError(blocking);
    return {};
  }

  async testAll(): Promise<ProviderTestAllResult[]> {
    const results: ProviderTestAllResult[] = [];
    for (const definition of await this.definitions.listEnabled(this.kind)) {
      const resolved = this.resolve(definition);
      if (!resolved) continue;
      const failures = validateSettings(resolved.settings);
      if (failures.length === 0)
        failures.push(
          ...(await resolved.provider.test(resolved.settings, { id: definition.id, name: definition.name })),
        );
      const validationFailures = failures.map(({ isWarning: _omit, ...rest }) => rest);
      results.push({ id: definition.id, isValid: failures.length === 0, validationFailures });
    }
    results.sort((a, b) => a.id - b.id);
    if (results.some((result) => !result.isValid)) throw new TestAllFailedError(results);
    return results;
  }

  async action(actionName: string, resource: R, query: Record<string, string>): Promise<unknown> {
    const { provider, settings } = await this.resolveInput(resource);
    if (!provider.action) throw new NotFoundError(`Unknown action '${actionName}'`);
    return provider.action(actionName, settings, query);
  }

  toResource(definition: ProviderDefinition): R {
    const provider = this.registry.find(definition.implementation);
    const state: KindState = { options: definition.options, priority: definition.priority };
    const settings = provider ? hydrateSettings(provider.meta.settings, definition.settings) : undefined;
    return {
      id: definition.id,
      name: definition.name,
      fields: provider && settings ? this.fieldsOf(provider, settings) : [],
      implementationName: provider?.meta.implementationName ?? definition.implementation,
      implementation: definition.implementation,
      configContract: definition.configContract,
      infoLink: infoLinkFor(definition.implementation),
      tags: definition.tags ?? [],
      ...this.writeKindFields(state, provider),
    } as R;
  }

  protected template(provider: P, name: string, presetSettings: Record<string, unknown>): R {
    const settings = hydrateSettings(provider.meta.settings, presetSettings);
    return {
      name,
      fields: this.fieldsOf(provider, settings),
      implementationName: provider.meta.implementationName,
      implementation: provider.meta.implementation,
      configContract: provider.meta.configContract,
      infoLink: infoLinkFor(provider.meta.implementation),
      tags: [],
      ...this.writeKindFields(this.defaults(provider), provider),
    } as unknown as R;
  }

  /** The `fields[]` of a settings object; an unsupported field's help text says so, and why. */
  private fieldsOf(provider: P, settings: object): FieldValue[] {
    return settingsToFields(settings, provider.meta.settings).map((field) => {
      const reason = unsupportedFieldReason(this.inventory, provider.meta.implementation, field.name);
      return reason ? { ...field, helpText: unsupportedText(reason) } : field;
    });
  }

  /** A stored definition as flat wire values (`enable`, `fields.host`, …), to compare an update with. */
  private wireValues(definition: ProviderDefinition): Record<string, unknown> {
    const { fields, ...rest } = this.toResource(definition) as R & Record<string, unknown>;
    const values: Record<string, unknown> = { ...rest };
    for (const field of fields ?? []) if (field.name) values[fieldKey(field.name)] = field.value;
    return values;
  }

  private assertSupported(provider: P, resource: R, current: Record<string, unknown>): void {
    const failures = unsupportedProviderFailures(this.inventory, provider.meta.implementation, resource, current);
    if (failures.length > 0) throw new ValidationError(failures);
  }

  protected requireProvider(implementation: string | undefined): P {
    const provider = this.registry.find(implementation);
    if (!provider) {
      const known = this.registry.sorted().map((item) => item.meta.implementation);
      throw new ValidationError([
        failure(
          'implementation',
          `Unknown implementation '${implementation ?? ''}'. Known: ${known.join(', ')}`,
          implementation,
        ),
      ]);
    }
    return provider;
  }

  private async resolveInput(resource: R): Promise<{ provider: P; settings: object; name: string }> {
    const stored = resource.id ? await this.definitions.findOne(this.kind, resource.id) : null;
    const provider = this.requireProvider(resource.implementation ?? stored?.implementation);
    const base = stored && stored.implementation === provider.meta.implementation ? stored.settings : undefined;
    const settings = applyFields(
      hydrateSettings(provider.meta.settings, base),
      provider.meta.settings,
      resource.fields,
    );
    return { provider, settings, name: resource.name ?? stored?.name ?? '' };
  }

  private async validate(input: {
    id?: number;
    name: string;
    settings: object;
    state: KindState;
    provider: P;
    forceSave: boolean;
  }): Promise<void> {
    const failures: ValidationFailure[] = [];
    if (!input.name.trim())
      failures.push(failure('name', "'Name' must not be empty.", input.name, 'NotEmptyValidator'));
    else if (await this.definitions.nameTaken(this.kind, input.name, input.id))
      failures.push(failure('name', 'Should be unique', input.name));
    const enabled = this.isEnabled(input.state);
    if (enabled) failures.push(...validateSettings(input.settings));
    if (failures.length > 0) throw new ValidationError(failures);
    if (!enabled || input.forceSave) return;
    const context: ProviderContext = { id: input.id, name: input.name };
    const testFailures = await input.provider.test(input.settings, context);
    if (testFailures.length > 0) throw new ValidationError(testFailures);
  }

  private kindLabel(): string {
    return (
      this.kind[0].toUpperCase() +
      this.kind
        .slice(1)
        .replace(/([A-Z])/g, ' $1')
        .toLowerCase()
    );
  }
}

function unique(values: number[]): number[] {
  return [...new Set(values)];
}

export function applyTags(current: number[], tags: number[], mode: string): number[] {
  if (mode === 'replace') return unique(tags);
  if (mode === 'remove') return current.filter((tag) => !tags.includes(tag));
  return unique([...current, ...tags]);
}
