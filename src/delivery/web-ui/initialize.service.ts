import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { ApiKeyService } from '../../platform/auth/api-key.service';
import { RequestAuthService } from '../../platform/auth/request-auth.service';
import { QUIRE_VERSION, READARR_COMPATIBLE_VERSION } from '../../platform/common/app-info';
import { DomainError } from '../../platform/common/errors/domain-errors';
import { EnvService } from '../../platform/env/env.service';
import { HostConfigService } from '../../platform/auth/host-config/host-config.service';
import { UiConfigService } from '../../platform/settings/ui/ui-config.service';
import { isLocalAddress } from '../../platform/auth/client-address';
import { InitializeResource } from './initialize.resource';

export class SignInRequiredError extends DomainError {
  readonly status = 401;
}

@Injectable()
export class InitializeService {
  constructor(
    private readonly env: EnvService,
    private readonly apiKeys: ApiKeyService,
    private readonly auth: RequestAuthService,
    private readonly hostConfig: HostConfigService,
    private readonly uiConfig: UiConfigService,
  ) {}

  /**
   * Answered to whoever the UI policy admits (the key, the configured login, or nobody needed: `external`, or
   * `disabledForLocalAddresses` from a local address); before any login exists (first run) also to loopback and
   * private addresses, so the UI can ask for the admin login. Everyone else gets 401.
   */
  async initialize(request: Request): Promise<InitializeResource> {
    const host = await this.hostConfig.load();
    const { allowed, hasCredentials, username } = await this.admission(request);
    if (!allowed)
      throw new SignInRequiredError(
        hasCredentials
          ? 'Sign in required'
          : 'No login exists yet: create it from this machine or the local network, or pass the API key',
      );
    const urlBase = this.env.get('URL_BASE');
    const ui = await this.uiConfig.load();
    return {
      apiRoot: `${urlBase}/api/v1`,
      apiKey: await this.apiKeys.current(),
      release: READARR_COMPATIBLE_VERSION,
      version: READARR_COMPATIBLE_VERSION,
      packageVersion: QUIRE_VERSION,
      instanceName: host.instanceName,
      theme: ui.theme,
      branch: host.branch,
      analytics: host.analyticsEnabled,
      userHash: createHash('sha256')
        .update(username ?? 'first-run')
        .digest('hex')
        .slice(0, 8),
      urlBase,
      isProduction: this.env.isProduction,
    };
  }

  /** Whether `initialize` would refuse the request (index.html then starts on the sign-in form). */
  async refuses(request: Request): Promise<boolean> {
    return !(await this.admission(request)).allowed;
  }

  private async admission(request: Request) {
    const host = await this.hostConfig.load();
    const admission = await this.auth.admitToUi(request);
    const hasCredentials = Boolean(host.passwordHash) && host.authenticationMethod !== 'none';
    const allowed = admission !== undefined || (!hasCredentials && isLocalAddress(request.socket.remoteAddress));
    return { allowed, hasCredentials, username: admission?.username };
  }
}
