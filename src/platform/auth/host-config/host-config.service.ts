import { Injectable } from '@nestjs/common';
import { failure, ValidationError, ValidationFailure } from '../../common/errors/domain-errors';
import { EnvService } from '../../env/env.service';
import { ApiKeyService } from '../api-key.service';
import { hashPassword } from '../password';
import { ConfigStore } from '../../database/config-store.service';
import { DomainEvents } from '../../common/events/domain-events';
import { MASKED_SECRET } from '../../common/wire/masked-secret';
import { HOST_CONFIG_DEFAULTS, HOST_CONFIG_KEY, HOST_ENV_PINS, HostConfig, PinnableHostField } from './host-config';
import { HostConfigResource } from './host-config.resource';
import { HOST_CONFIG_INVENTORY } from './host-config.inventory';
import { assertSupported } from '../../settings/inventory/settings-inventory';
import { HostConfigSavedEvent } from './host-config-saved.event';
import { certificateProblem } from './host-startup';
import { LOG_LEVELS } from '../../env/env.schema';

const SAVED_LOG_LEVELS: readonly string[] = LOG_LEVELS.filter((level) => level !== 'silent');
const PINNABLE = Object.keys(HOST_ENV_PINS) as PinnableHostField[];
// The rules of the URL_BASE variable, which the saved value must also meet.
const URL_BASE_PATTERN = /^$|^\/[A-Za-z0-9._~\-/]*[A-Za-z0-9._~-]$/;
const IP_V4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

const SECRET_FIELDS = ['sslCertPassword', 'proxyPassword'] as const;

@Injectable()
export class HostConfigService {
  constructor(
    private readonly store: ConfigStore,
    private readonly env: EnvService,
    private readonly apiKeys: ApiKeyService,
    private readonly events: DomainEvents,
  ) {}

  load(): Promise<HostConfig> {
    return this.store.getSection(HOST_CONFIG_KEY, {
      ...HOST_CONFIG_DEFAULTS,
      instanceName: this.env.get('INSTANCE_NAME'),
    });
  }

  /** The host fields the environment sets in this process (its variable then wins over the saved value). */
  pinnedFields(): PinnableHostField[] {
    return PINNABLE.filter((field) => this.env.isSet(HOST_ENV_PINS[field]));
  }

  /**
   * Readarr's shape: the saved values, which apply at the next start. A field the environment pins shows the
   * environment's value instead, the one Quire runs with and will run with again.
   */
  async toResource(config?: HostConfig): Promise<HostConfigResource & { id: number }> {
    const current = config ?? (await this.load());
    const { passwordHash, ...rest } = current;
    const resource: HostConfigResource & { id: number } = {
      id: 1,
      ...rest,
      ...this.pinnedValues(),
      apiKey: await this.apiKeys.current(),
      password: passwordHash ? MASKED_SECRET : '',
      passwordConfirmation: '',
    };
    for (const field of SECRET_FIELDS) if (current[field]) resource[field] = MASKED_SECRET;
    return resource;
  }

  async update(input: HostConfigResource): Promise<HostConfigResource> {
    const current = await this.load();
    const shown = await this.toResource(current);
    assertSupported(HOST_CONFIG_INVENTORY, input, shown);
    const pinned = this.pinnedFields();
    // A client sending back what GET showed is fine; changing a pinned field would save what cannot apply.
    const pinnedChanges = pinned.flatMap((field) => {
      const value = (input as Record<string, unknown>)[field];
      if (value === undefined || value === null || value === shown[field]) return [];
      return [failure(field, `Set by the ${HOST_ENV_PINS[field]} environment variable`, value)];
    });
    if (pinnedChanges.length > 0) throw new ValidationError(pinnedChanges);
    const next: HostConfig = { ...current };
    for (const key of Object.keys(HOST_CONFIG_DEFAULTS) as (keyof HostConfig)[]) {
      if (key === 'passwordHash' || (pinned as string[]).includes(key)) continue;
      const value = (input as Record<string, unknown>)[key];
      if (value === undefined || value === null) continue;
      if ((SECRET_FIELDS as readonly string[]).includes(key) && value === MASKED_SECRET) continue;
      (next as unknown as Record<string, unknown>)[key] = value;
    }
    next.urlBase = normaliseUrlBase(next.urlBase);
    next.logLevel = next.logLevel.toLowerCase();
    next.consoleLogLevel = next.consoleLogLevel.toLowerCase();
    const newPassword = input.password && input.password !== MASKED_SECRET ? input.password : undefined;
    this.validate(next, input, newPassword);
    if (newPassword) next.passwordHash = await hashPassword(newPassword);
    await this.store.set(HOST_CONFIG_KEY, next);
    // Awaited, so the next outgoing request after the answer already uses the new proxy and certificate settings.
    await this.events.emitAsync(HostConfigSavedEvent.NAME, new HostConfigSavedEvent());
    return this.toResource(next);
  }

  private validate(next: HostConfig, input: HostConfigResource, newPassword: string | undefined) {
    const failures: ValidationFailure[] = [];
    const needsCredentials = next.authenticationMethod === 'basic' || next.authenticationMethod === 'forms';
    if (needsCredentials && !next.username) failures.push(failure('username', "'Username' must not be empty.", ''));
    if (needsCredentials && !newPassword && !next.passwordHash)
      failures.push(failure('password', "'Password' must not be empty.", ''));
    if (newPassword && input.passwordConfirmation !== undefined && input.passwordConfirmation !== newPassword)
      failures.push(failure('passwordConfirmation', 'Must match Password', '', 'EqualValidator'));
    failures.push(...this.listeningFailures(next));
    if (next.enableSsl) failures.push(...this.sslFailures(next));
    for (const field of ['logLevel', 'consoleLogLevel'] as const) {
      const value = next[field];
      if (this.pinnedFields().includes(field) || (field === 'consoleLogLevel' && value === '')) continue;
      if (!SAVED_LOG_LEVELS.includes(value))
        failures.push(failure(field, `Must be one of: ${SAVED_LOG_LEVELS.join(', ')}`, value));
    }
    if (!next.branch) failures.push(failure('branch', "'Branch' must not be empty.", next.branch, 'NotEmptyValidator'));
    if (failures.length > 0) throw new ValidationError(failures);
  }

  /** The port Quire will listen on at the next start: the environment's when it sets one, else the saved one. */
  private nextPort(next: HostConfig): number {
    return this.env.isSet('PORT') ? this.env.get('PORT') : next.port;
  }

  private pinnedValues(): Partial<HostConfigResource> {
    const values: Partial<Record<PinnableHostField, unknown>> = {};
    for (const field of this.pinnedFields()) values[field] = this.env.get(HOST_ENV_PINS[field]);
    return values as Partial<HostConfigResource>;
  }

  // Readarr's rules: `*`, `localhost` or one IP address (`*` rather than 0.0.0.0); a port above 1024, or 80 or 443;
  // a URL base that is a path.
  private listeningFailures(next: HostConfig): ValidationFailure[] {
    const failures: ValidationFailure[] = [];
    const pinned = this.pinnedFields();
    const address = next.bindAddress;
    if (!pinned.includes('bindAddress') && address !== '*' && address !== 'localhost') {
      if (address === '0.0.0.0') failures.push(failure('bindAddress', 'Use * instead of 0.0.0.0', address));
      else if (!IP_V4.test(address) && !(address.includes(':') && /^[0-9a-fA-F:.]+$/.test(address)))
        failures.push(failure('bindAddress', 'Must contain wildcard (*) or a valid IP Address', address));
    }
    if (!pinned.includes('port') && !validPort(next.port))
      failures.push(failure('port', "'Port' must be 80, 443 or between 1025 and 65535", next.port));
    if (!pinned.includes('urlBase') && !URL_BASE_PATTERN.test(next.urlBase))
      failures.push(failure('urlBase', "Must be a valid URL path (ie: '/quire')", next.urlBase));
    return failures;
  }

  private sslFailures(next: HostConfig): ValidationFailure[] {
    const failures: ValidationFailure[] = [];
    if (!validPort(next.sslPort))
      failures.push(failure('sslPort', "'SSL Port' must be 80, 443 or between 1025 and 65535", next.sslPort));
    else if (next.sslPort === this.nextPort(next))
      failures.push(failure('sslPort', 'SSL Port must differ from Port', next.sslPort, 'NotEqualValidator'));
    if (!next.sslCertPath) {
      failures.push(failure('sslCertPath', "'SSL Cert Path' must not be empty.", '', 'NotEmptyValidator'));
      return failures;
    }
    const problem = certificateProblem(next.sslCertPath, next.sslCertPassword);
    // The path is the user's own input, so naming it back is no leak.
    if (problem === 'missing') failures.push(failure('sslCertPath', 'File does not exist', next.sslCertPath));
    if (problem === 'invalid')
      failures.push(failure('sslCertPath', 'Invalid SSL certificate file or password', next.sslCertPath));
    return failures;
  }
}

function validPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65535 && (port > 1024 || port === 80 || port === 443);
}

/** Readarr trims slashes and puts one in front: `quire/` and `/quire` both save as `/quire`. */
function normaliseUrlBase(value: string): string {
  const trimmed = value.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}
