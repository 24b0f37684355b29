import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { verifyPassword } from '../../platform/auth/password';
import { HostConfigService } from '../../platform/auth/host-config/host-config.service';

const REMEMBER_MS = 5 * 60_000;
const MAX_REMEMBERED = 64;

/**
 * Checks HTTP Basic credentials against the forms login's username and password. E-reader apps send them with
 * every request (each cover too), and scrypt is deliberately slow, so a verified pair is remembered for a few
 * minutes, keyed by a digest that includes the stored hash (a changed password forgets it at once).
 */
@Injectable()
export class OpdsCredentialsService {
  private readonly remembered = new Map<string, number>();

  constructor(private readonly hostConfig: HostConfigService) {}

  async verify(username: string, password: string): Promise<boolean> {
    const config = await this.hostConfig.load();
    if (!config.username || !config.passwordHash || username !== config.username) return false;
    const key = createHash('sha256').update(`${username}\0${password}\0${config.passwordHash}`).digest('hex');
    const until = this.remembered.get(key);
    if (until !== undefined && until > Date.now()) return true;
    if (!(await verifyPassword(password, config.passwordHash))) return false;
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
    this.remembered.set(key, Date.now() + REMEMBER_MS);
    return true;
  }
}
