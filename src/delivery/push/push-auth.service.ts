import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { ApiKeyService } from '../../platform/auth/api-key.service';
import { SESSION_COOKIE, SessionService } from '../../platform/auth/session.service';

/**
 * Who may use the hub: the API key (the `access_token` query the SignalR client adds for browsers,
 * `Authorization: Bearer` it sends from Node, or Quire's usual `X-Api-Key` / `apikey`), or a signed-in UI
 * session cookie. Works on plain Node requests, so the WebSocket upgrade is checked the same way.
 */
@Injectable()
export class PushAuthService {
  constructor(
    private readonly apiKeys: ApiKeyService,
    private readonly sessions: SessionService,
  ) {}

  async isAllowed(request: IncomingMessage): Promise<boolean> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    for (const key of keysOf(url, request)) if (await this.apiKeys.matches(key)) return true;
    const session = cookieValue(request.headers.cookie, SESSION_COOKIE);
    return (await this.sessions.verify(session)) !== undefined;
  }
}

function keysOf(url: URL, request: IncomingMessage): string[] {
  const keys: string[] = [];
  for (const [name, value] of url.searchParams) {
    const lower = name.toLowerCase();
    if (lower === 'access_token' || lower === 'apikey') keys.push(value);
  }
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') keys.push(header);
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) keys.push(authorization.slice('Bearer '.length));
  return keys.slice(0, 4);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
