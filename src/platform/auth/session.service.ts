import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConfigStore } from '../database/config-store.service';
import { HostConfigService } from './host-config/host-config.service';

const SECRET_KEY = 'sessionSecret';
export const SESSION_COOKIE = 'QuireAuth';
const SESSION_DAYS = 7;

/**
 * Stateless signed session cookies for forms login: `<username>|<expiry ms>|<hmac>`, base64url. The HMAC also
 * covers the stored password hash, so a new password (or user name) signs every earlier session out; a session
 * counts only while forms authentication is on.
 */
@Injectable()
export class SessionService {
  private secret?: Buffer;

  constructor(
    private readonly config: ConfigStore,
    private readonly hostConfig: HostConfigService,
  ) {}

  async issue(username: string): Promise<{ token: string; maxAgeMs: number }> {
    const { passwordHash } = await this.hostConfig.load();
    const maxAgeMs = SESSION_DAYS * 24 * 3600 * 1000;
    const payload = `${username}|${Date.now() + maxAgeMs}`;
    const token = Buffer.from(`${payload}|${await this.sign(payload, passwordHash)}`).toString('base64url');
    return { token, maxAgeMs };
  }

  /** The username of a valid, unexpired token of the configured forms login; undefined otherwise. */
  async verify(token: string | undefined): Promise<string | undefined> {
    if (!token) return undefined;
    const parts = Buffer.from(token, 'base64url').toString().split('|');
    if (parts.length !== 3) return undefined;
    const [username, expiry, signature] = parts;
    if (!(Number(expiry) > Date.now())) return undefined;
    const host = await this.hostConfig.load();
    if (host.authenticationMethod !== 'forms' || !host.username || username !== host.username) return undefined;
    const expected = Buffer.from(await this.sign(`${username}|${expiry}`, host.passwordHash));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return username;
  }

  private async sign(payload: string, passwordHash: string): Promise<string> {
    this.secret ??= Buffer.from(await this.config.setIfAbsent(SECRET_KEY, randomBytes(32).toString('hex')), 'hex');
    return createHmac('sha256', this.secret).update(`${payload}|${passwordHash}`).digest('base64url');
  }
}
