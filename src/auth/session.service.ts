import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConfigStore } from '../settings/config-store.service';

const SECRET_KEY = 'sessionSecret';
export const SESSION_COOKIE = 'QuireAuth';
const SESSION_DAYS = 7;

/** Who a session belongs to: a new password (or user name) ends every session issued before it. */
export interface SessionOwner {
  username: string;
  passwordHash: string;
}

/**
 * Stateless signed session cookies for forms login: `<username>|<expiry ms>|<hmac>`, base64url. The HMAC covers
 * the stored password hash too, so changing the password signs every existing session out.
 */
@Injectable()
export class SessionService {
  private secret?: Buffer;

  constructor(private readonly config: ConfigStore) {}

  async issue(owner: SessionOwner): Promise<{ token: string; maxAgeMs: number }> {
    const maxAgeMs = SESSION_DAYS * 24 * 3600 * 1000;
    const payload = `${owner.username}|${Date.now() + maxAgeMs}`;
    const token = Buffer.from(`${payload}|${await this.sign(payload, owner.passwordHash)}`).toString('base64url');
    return { token, maxAgeMs };
  }

  /** True for an unexpired token issued to this owner with this password. */
  async verify(token: string | undefined, owner: SessionOwner): Promise<boolean> {
    if (!token || !owner.username) return false;
    const parts = Buffer.from(token, 'base64url').toString().split('|');
    if (parts.length !== 3) return false;
    const [username, expiry, signature] = parts;
    if (username !== owner.username || !(Number(expiry) > Date.now())) return false;
    const expected = Buffer.from(await this.sign(`${username}|${expiry}`, owner.passwordHash));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private async sign(payload: string, passwordHash: string): Promise<string> {
    this.secret ??= Buffer.from(await this.config.setIfAbsent(SECRET_KEY, randomBytes(32).toString('hex')), 'hex');
    return createHmac('sha256', this.secret).update(`${payload}|${passwordHash}`).digest('base64url');
  }
}
