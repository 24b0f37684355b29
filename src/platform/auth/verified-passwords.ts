import { createHash } from 'node:crypto';
import { verifyPassword } from './password';

const REMEMBER_MS = 5 * 60_000;
const MAX_ENTRIES = 16;

/**
 * Password checks for Basic authentication, where the browser sends the password with every request (a page of
 * covers is a hundred of them): a password that matched the stored hash is remembered for a few minutes, keyed by
 * a digest of both, so a hundred requests cost one scrypt and a changed password stops matching at once.
 */
export class VerifiedPasswords {
  private readonly verified = new Map<string, number>();

  async verify(password: string, passwordHash: string): Promise<boolean> {
    const key = createHash('sha256').update(`${passwordHash}\u0000${password}`).digest('hex');
    const until = this.verified.get(key);
    if (until !== undefined && until > Date.now()) return true;
    if (!(await verifyPassword(password, passwordHash))) return false;
    this.verified.delete(key);
    this.verified.set(key, Date.now() + REMEMBER_MS);
    if (this.verified.size > MAX_ENTRIES) this.verified.delete(this.verified.keys().next().value!);
    return true;
  }
}
