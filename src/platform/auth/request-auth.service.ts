import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { HostConfig } from './host-config/host-config';
import { HostConfigService } from './host-config/host-config.service';
import { extractApiKey } from './api-key.extractor';
import { ApiKeyService } from './api-key.service';
import { ForbiddenError, UnauthorizedError } from './auth-errors';
import { BASIC_CHALLENGE, basicCredentials } from './basic-credentials';
import { clientAddress, isLocalAddress } from './client-address';
import { VerifiedPasswords } from './verified-passwords';
import { isSafeMethod, isSameOrigin } from './same-origin';
import { SESSION_COOKIE, SessionService } from './session.service';

/**
 * How a request proved who it is: the API key, the forms session cookie, the Basic credentials of the configured
 * login, or `open`: the configured authentication asks nothing of it.
 */
export type RequestCredential = 'apiKey' | 'session' | 'basic' | 'open';

/** Who a request was let in as; `username` when it named the configured login (session or Basic). */
export interface Admission {
  credential: RequestCredential;
  username?: string;
}

const UNAUTHORIZED = 'Unauthorized: a valid API key is required (X-Api-Key header or apikey query)';

/**
 * Who may do what, in one place: the API key, or the credential of the configured `authenticationMethod` (the
 * forms session cookie, or Basic credentials with `basic`; state-changing requests that carry only those must
 * come from this server), or — for the UI and browser resources — no credential at all where the configured
 * authentication allows it. The global guard uses it; so can any feature that authenticates outside a
 * controller route (`/initialize.json`, the web UI's page, the SignalR hub).
 */
@Injectable()
export class RequestAuthService {
  constructor(
    private readonly apiKeys: ApiKeyService,
    private readonly sessions: SessionService,
    private readonly hostConfig: HostConfigService,
  ) {}

  private readonly basicLogins = new VerifiedPasswords();

  /**
   * Resolves with the credential that lets the request in; rejects with 401 (no valid credential; with `basic`
   * the answer carries the Basic challenge, so a browser asks for the login) or 403 (a state-changing request
   * authenticated only by what a browser sends by itself, from another origin).
   */
  async authorize(request: Request, options: { browserResource?: boolean } = {}): Promise<RequestCredential> {
    if (await this.apiKeys.matches(extractApiKey(request))) return 'apiKey';
    const host = await this.hostConfig.load();
    const login = await this.loginOf(request, host);
    if (login) {
      if (!isSafeMethod(request.method) && !isSameOrigin(request))
        throw new ForbiddenError(
          'Forbidden: a request authenticated only by the login the browser sends must come from this server (Origin)',
        );
      return login.credential;
    }
    if (options.browserResource && this.opensWithoutLogin(request, host)) return 'open';
    this.challenge(request, host);
    throw new UnauthorizedError(UNAUTHORIZED);
  }

  /**
   * Readarr's UI policy, for `/initialize.json` and the web UI's page: the key, the configured method's login, or
   * nothing where the method leaves authentication to a reverse proxy (`external`) or `authenticationRequired`
   * spares local addresses. Undefined when none applies; with `basic`, the response then carries the challenge.
   * Method `none` admits nobody here: the caller decides what a Quire without a login shows.
   */
  async admitToUi(request: Request): Promise<Admission | undefined> {
    if (await this.apiKeys.matches(extractApiKey(request))) return { credential: 'apiKey' };
    const host = await this.hostConfig.load();
    const login = await this.loginOf(request, host);
    if (login) return login;
    if (host.authenticationMethod !== 'none' && this.opensWithoutLogin(request, host)) return { credential: 'open' };
    this.challenge(request, host);
    return undefined;
  }

  /** The web UI's page itself: only `basic` keeps it from a browser that has not logged in (the app does otherwise). */
  async servesUiPage(request: Request): Promise<boolean> {
    const host = await this.hostConfig.load();
    return host.authenticationMethod !== 'basic' || (await this.admitToUi(request)) !== undefined;
  }

  /**
   * Readarr's UI policy without a login: methods `none` and `external` (a reverse proxy authenticates), or
   * `disabledForLocalAddresses` and the client is on a local address.
   */
  private opensWithoutLogin(request: Request, host: HostConfig): boolean {
    if (host.authenticationMethod === 'none' || host.authenticationMethod === 'external') return true;
    return (
      host.authenticationRequired === 'disabledForLocalAddresses' &&
      isLocalAddress(clientAddress(request), host.trustCgnatIpAddresses)
    );
  }

  /** The configured login, as the configured method carries it: the session cookie (forms) or Basic (basic). */
  private async loginOf(request: Request, host: HostConfig): Promise<Admission | undefined> {
    if (host.authenticationMethod === 'forms') {
      const token = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
      const username = await this.sessions.verify(token);
      return username === undefined ? undefined : { credential: 'session', username };
    }
    if (host.authenticationMethod !== 'basic') return undefined;
    const basic = basicCredentials(request);
    if (!basic || !host.username || basic.username !== host.username) return undefined;
    if (!(await this.basicLogins.verify(basic.password, host.passwordHash))) return undefined;
    return { credential: 'basic', username: basic.username };
  }

  private challenge(request: Request, host: HostConfig): void {
    if (host.authenticationMethod === 'basic' && !request.res?.headersSent)
      request.res?.setHeader('WWW-Authenticate', BASIC_CHALLENGE);
  }
}
