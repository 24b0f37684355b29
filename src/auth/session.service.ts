import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConfigStore } from '../database/config-store.service';

const SECRET_KEY = 'sessionSecret';
export const SESSION_COOKIE = 'QuireAuth';
const SESSION_DAYS = 7;

/** Stateless signed session cookies for forms login: `<username>|<expiry ms>|<hmac>`, base64url. */
@Injectable()
export class SessionService {
  private secret?: Buffer;

  constructor(private readonly config: ConfigStore) {}

  async issue(username: string): Promise<{ token: string; maxAgeMs: number }> {
    const maxAgeMs = SESSION_DAYS * 24 * 3600 * 1000;
    const payload = `${username}|${Date.now() + maxAgeMs}`;
    const token = Buffer.from(`${payload}|${await this.sign(payload)}`).toString('base64url');
    return { token, maxAgeMs };
  }

  /** The username of a valid, unexpired token; undefined otherwise. */
  async verify(token: string | undefined): Promise<string | undefined> {
    if (!token) return undefined;
    const parts = Buffer.from(token, 'base64url').toString().split('|');
    if (parts.length !== 3) return undefined;
    const [username, expiry, signature] = parts;
    const expected = Buffer.from(await this.sign(`${username}|${expiry}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return Number(expiry) > Date.now() ? username : undefined;
  }

  private async sign(payload: string): Promise<string> {
    this.secret ??= Buffer.from(await this.config.setIfAbsent(SECRET_KEY, randomBytes(32).toString('hex')), 'hex');
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}
