import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { HostConfigService } from './host-config/host-config.service';
import { extractApiKey } from './api-key.extractor';
import { ApiKeyService } from './api-key.service';
import { ForbiddenError, UnauthorizedError } from './auth-errors';
import { clientAddress, isLocalAddress } from './client-address';
import { isSafeMethod, isSameOrigin } from './same-origin';
import { SESSION_COOKIE, SessionService } from './session.service';

/** How a request proved who it is. `open`: the configured authentication asks nothing of it. */
export type RequestCredential = 'apiKey' | 'session' | 'open';

const UNAUTHORIZED = 'Unauthorized: a valid API key is required (X-Api-Key header or apikey query)';

/**
 * Who may do what, in one place: the API key, or the forms session cookie (guarded by a same-origin check on
 * state-changing requests), or — for browser resources — no credential at all where the configured
 * authentication allows it. The global guard uses it; so can any feature that authenticates outside a
 * controller route (`/initialize.json`, the SignalR hub): call `authorize(request)`.
 */
@Injectable()
export class RequestAuthService {
  constructor(
    private readonly apiKeys: ApiKeyService,
    private readonly sessions: SessionService,
    private readonly hostConfig: HostConfigService,
  ) {}

  /**
   * Resolves with the credential that lets the request in; rejects with 401 (no valid credential) or 403
   * (a cookie-only state-changing request from another origin).
   */
  async authorize(request: Request, options: { browserResource?: boolean } = {}): Promise<RequestCredential> {
    if (await this.apiKeys.matches(extractApiKey(request))) return 'apiKey';
    if (await this.hasSession(request)) {
      if (!isSafeMethod(request.method) && !isSameOrigin(request))
        throw new ForbiddenError(
          'Forbidden: a request authenticated by the session cookie alone must come from this server (Origin)',
        );
      return 'session';
    }
    if (options.browserResource && (await this.needsNoCredentials(request))) return 'open';
    throw new UnauthorizedError(UNAUTHORIZED);
  }

  /** The request carries a valid, unexpired forms session cookie. */
  async hasSession(request: Request): Promise<boolean> {
    const token = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    return (await this.sessions.verify(token)) !== undefined;
  }

  /** Readarr's UI policy: method `none`, or `disabledForLocalAddresses` and the client is on a local address. */
  async needsNoCredentials(request: Request): Promise<boolean> {
    const host = await this.hostConfig.load();
    if (host.authenticationMethod === 'none') return true;
    return (
      host.authenticationRequired === 'disabledForLocalAddresses' &&
      isLocalAddress(clientAddress(request), host.trustCgnatIpAddresses)
    );
  }
}
