import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { extractApiKey } from '../../platform/auth/api-key.extractor';
import { ApiKeyService } from '../../platform/auth/api-key.service';
import { UnauthorizedError } from '../../platform/auth/auth.service';
import { SESSION_COOKIE, SessionService } from '../../platform/auth/session.service';
import { OpdsCredentialsService } from './opds-credentials.service';

export const OPDS_CHALLENGE = 'Basic realm="Quire"';

function basicCredentials(request: Request): { username: string; password: string } | undefined {
  const header = request.headers.authorization;
  if (!header || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * What e-reader apps can do: HTTP Basic with the forms username and password, or with the API key as the
 * password (any user name); the API key as `?apikey=` (or the usual header); or the web UI's session cookie.
 * Anything else is a 401 with a Basic challenge, so the app asks for credentials.
 */
@Injectable()
export class OpdsAuthGuard implements CanActivate {
  constructor(
    private readonly apiKeys: ApiKeyService,
    private readonly credentials: OpdsCredentialsService,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (await this.authenticated(request)) return true;
    context.switchToHttp().getResponse<Response>().setHeader('WWW-Authenticate', OPDS_CHALLENGE);
    throw new UnauthorizedError('Unauthorized: sign in with the Quire username and password, or the API key');
  }

  private async authenticated(request: Request): Promise<boolean> {
    if (await this.apiKeys.matches(extractApiKey(request))) return true;
    const basic = basicCredentials(request);
    if (basic) {
      if (await this.apiKeys.matches(basic.password)) return true;
      if (await this.credentials.verify(basic.username, basic.password)) return true;
    }
    const cookies = (request as Request & { cookies?: Record<string, string> }).cookies;
    return (await this.sessions.verify(cookies?.[SESSION_COOKIE])) !== undefined;
  }
}
