import { Injectable } from '@nestjs/common';
import { BadRequestError } from '../common/errors/domain-errors';
import { HostConfigService } from './host-config/host-config.service';
import { UnauthorizedError } from './auth-errors';
import { verifyPassword } from './password';
import { SessionService } from './session.service';

export { UnauthorizedError } from './auth-errors';

@Injectable()
export class AuthService {
  constructor(
    private readonly hostConfig: HostConfigService,
    private readonly sessions: SessionService,
  ) {}

  async login(username: string, password: string) {
    const config = await this.hostConfig.load();
    if (config.authenticationMethod !== 'forms')
      throw new BadRequestError('Forms authentication is not enabled (config/host authenticationMethod)');
    const valid = username === config.username && (await verifyPassword(password, config.passwordHash));
    if (!valid) throw new UnauthorizedError('Invalid username or password');
    return this.sessions.issue(config.username);
  }
}
