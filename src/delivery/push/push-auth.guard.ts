import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { PushAuthService } from './push-auth.service';

/** The hub's routes are @Public() for the global key guard and checked here instead (key, token or cookie). */
@Injectable()
export class PushAuthGuard implements CanActivate {
  constructor(private readonly auth: PushAuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (await this.auth.isAllowed(context.switchToHttp().getRequest<Request>())) return true;
    throw new UnauthorizedException('Unauthorized: a valid API key (access_token) or session is required');
  }
}
