import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { extractApiKey } from './api-key.extractor';
import { ApiKeyService } from './api-key.service';
import { IS_PUBLIC } from './public.decorator';

/** Global guard: every route needs the API key unless it is marked @Public(). */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (await this.apiKeys.matches(extractApiKey(request))) return true;
    throw new UnauthorizedException('Unauthorized: a valid API key is required (X-Api-Key header or apikey query)');
  }
}
