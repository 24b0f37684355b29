import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_BROWSER_RESOURCE } from './browser-resource.decorator';
import { IS_PUBLIC } from './public.decorator';
import { RequestAuthService } from './request-auth.service';

/**
 * Global guard: every route needs the API key or a forms session cookie unless it is marked @Public();
 * @BrowserResource() routes are also open where the configured authentication asks for no credentials.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: RequestAuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const browserResource = this.reflector.getAllAndOverride<boolean>(IS_BROWSER_RESOURCE, targets) ?? false;
    await this.auth.authorize(context.switchToHttp().getRequest<Request>(), { browserResource });
    return true;
  }
}
