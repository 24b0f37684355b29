import { Injectable } from '@nestjs/common';
import { ConfigStore } from '../database/config-store.service';
import { assertSupported, SettingsSurface } from './inventory/settings-inventory';

/**
 * The shared behaviour of a `/api/v1/config/<section>` resource: one JSON row merged over defaults,
 * `id` always 1, PUT stores every known property that was sent (absent or null keeps the stored value).
 * Subclasses add validation (throw `ValidationError`) and, if needed, derived fields in `toResource`.
 */
@Injectable()
export abstract class ConfigSectionService<T extends object> {
  protected abstract readonly key: string;
  protected abstract readonly defaults: T;
  /** What each field does; a change of an unsupported field is refused before anything is stored. */
  protected abstract readonly inventory: SettingsSurface;

  constructor(protected readonly store: ConfigStore) {}

  load(): Promise<T> {
    return this.store.getSection(this.key, this.defaults);
  }

  async toResource(config?: T): Promise<T & { id: number }> {
    return { id: 1, ...(config ?? (await this.load())) };
  }

  async update(input: object): Promise<T & { id: number }> {
    const current = await this.load();
    assertSupported(this.inventory, input, current);
    const next = this.merge(current, input);
    await this.validate(next);
    await this.store.set(this.key, next);
    this.afterUpdate(next);
    return this.toResource(next);
  }

  /** Copies the known properties that were sent over the current values. */
  protected merge(current: T, input: object): T {
    const next = { ...current } as Record<string, unknown>;
    for (const key of Object.keys(this.defaults)) {
      const value = (input as Record<string, unknown>)[key];
      if (value !== undefined && value !== null) next[key] = value;
    }
    return next as T;
  }

  protected async validate(_next: T): Promise<void> {}

  protected afterUpdate(_next: T): void {}
}
