import { Injectable } from '@nestjs/common';
import { BadRequestError, DomainError } from '../common/errors/domain-errors';
import { HostConfigService } from '../settings/host/host-config.service';
import { verifyPassword } from './password';
import { SessionService } from './session.service';

export class UnauthorizedError extends DomainError {
  readonly status = 401;
}

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
    return this.sessions.issue(username);
  }
}
