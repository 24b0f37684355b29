import { failure, ValidationFailure } from '../../platform/common/errors/domain-errors';
import { DownloadProtocolName } from './download-protocol';
import { SettingsClass } from './schema-builder';

/** A schema preset: a named template with some settings pre-filled (Readarr's Newznab presets). */
export interface ProviderPreset<S> {
  name: string;
  settings: Partial<S>;
}

/** What describes an implementation on the wire (Readarr's implementation class + settings contract). */
export interface ProviderMeta<S extends object> {
  implementation: string;
  implementationName: string;
  configContract: string;
  settings: SettingsClass<S>;
  protocol?: DownloadProtocolName;
  presets?: ProviderPreset<S>[];
  /** Provider homepage (notifications' `link`). */
  link?: string;
}

/** Who is being tested or acted for: the definition's id when it exists, and its name. */
export interface ProviderContext {
  id?: number;
  name: string;
}

/**
 * One implementation of a provider kind. Implementations are stateless singletons (per-host state such as a
 * Transmission session id may be cached inside); settings are passed to every call.
 */
export interface Provider<S extends object = object> {
  readonly meta: ProviderMeta<S>;
  /** Connects for real and reports what is wrong; an empty list means the test passed. */
  test(settings: S, context: ProviderContext): Promise<ValidationFailure[]>;
  /** `POST /<kind>/action/{name}`: provider helpers such as dynamic select options. */
  action?(name: string, settings: S, query: Record<string, string>): Promise<unknown>;
}

export function infoLinkFor(implementation: string): string {
  return `https://wiki.servarr.com/readarr/supported#${implementation.toLowerCase()}`;
}

/** A provider test failure (Readarr's NzbDroneValidationFailure): may be a warning and carry more detail. */
export function providerFailure(
  propertyName: string,
  errorMessage: string,
  options: { isWarning?: boolean; detailedDescription?: string; infoLink?: string; attemptedValue?: unknown } = {},
): ValidationFailure {
  const base = failure(propertyName, errorMessage, options.attemptedValue);
  return {
    ...base,
    severity: options.isWarning ? 'warning' : 'error',
    isWarning: options.isWarning ?? false,
    detailedDescription: options.detailedDescription,
    infoLink: options.infoLink,
  };
}

/** Turns an unexpected error of a live test into one failure (no secrets: messages are ours or the peer's). */
export function connectionFailure(error: unknown, propertyName = ''): ValidationFailure {
  const message = error instanceof Error ? error.message : String(error);
  return providerFailure(propertyName, `Unable to connect: ${message}`, {
    detailedDescription: 'Check the host, port, credentials and that the service is running.',
  });
}

/** The implementations of one kind, listed explicitly by the kind's module. */
export class ProviderRegistry<P extends Provider<any>> {
  private readonly byName = new Map<string, P>();

  constructor(readonly providers: P[]) {
    for (const provider of providers) this.byName.set(provider.meta.implementation.toLowerCase(), provider);
  }

  find(implementation: string | undefined): P | undefined {
    return implementation ? this.byName.get(implementation.toLowerCase()) : undefined;
  }

  /** Ordered by implementation name, as `/schema` lists them. */
  sorted(): P[] {
    return [...this.providers].sort((a, b) => a.meta.implementation.localeCompare(b.meta.implementation));
  }
}
