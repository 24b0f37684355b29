import { Injectable } from '@nestjs/common';
import { failure, ValidationError, ValidationFailure } from '../../common/errors/domain-errors';
import { EnvService } from '../../env/env.service';
import { ApiKeyService } from '../api-key.service';
import { hashPassword } from '../password';
import { ConfigStore } from '../../database/config-store.service';
import { DomainEvents } from '../../common/events/domain-events';
import { MASKED_SECRET } from '../../common/wire/masked-secret';
import { HOST_CONFIG_DEFAULTS, HOST_CONFIG_KEY, HostConfig } from './host-config';
import { HostConfigResource } from './host-config.resource';
import { HOST_CONFIG_INVENTORY } from './host-config.inventory';
import { assertSupported } from '../../settings/inventory/settings-inventory';
import { HostConfigSavedEvent } from './host-config-saved.event';

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

  async toResource(config?: HostConfig): Promise<HostConfigResource & { id: number }> {
    const current = config ?? (await this.load());
    const { passwordHash, ...rest } = current;
    const resource: HostConfigResource & { id: number } = {
      id: 1,
      ...rest,
      // Listening settings come from the environment (PORT, BIND_ADDRESS, URL_BASE) and are shown as such.
      bindAddress: this.env.get('BIND_ADDRESS'),
      port: this.env.get('PORT'),
      urlBase: this.env.get('URL_BASE'),
      apiKey: await this.apiKeys.current(),
      password: passwordHash ? MASKED_SECRET : '',
      passwordConfirmation: '',
    };
    for (const field of SECRET_FIELDS) if (current[field]) resource[field] = MASKED_SECRET;
    return resource;
  }

  async update(input: HostConfigResource): Promise<HostConfigResource> {
    const current = await this.load();
    // Compared with what GET shows, so a client that sends back the listening settings it read is not refused.
    assertSupported(HOST_CONFIG_INVENTORY, input, await this.toResource(current));
    const next: HostConfig = { ...current };
    for (const key of Object.keys(HOST_CONFIG_DEFAULTS) as (keyof HostConfig)[]) {
      if (key === 'passwordHash') continue;
      const value = (input as Record<string, unknown>)[key];
      if (value === undefined || value === null) continue;
      if ((SECRET_FIELDS as readonly string[]).includes(key) && value === MASKED_SECRET) continue;
      (next as unknown as Record<string, unknown>)[key] = value;
    }
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
    if (next.enableSsl && next.sslPort === this.env.get('PORT'))
      failures.push(failure('sslPort', 'SSL Port must differ from Port', next.sslPort, 'NotEqualValidator'));
    if (!next.branch) failures.push(failure('branch', "'Branch' must not be empty.", next.branch, 'NotEmptyValidator'));
    if (failures.length > 0) throw new ValidationError(failures);
  }
}
