import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { EnvService } from '../../platform/env/env.service';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * When HUB_API_TOKEN is set, POST /notify needs `Authorization: Bearer <HUB_API_TOKEN>`, compared in
 * constant time (both sides hashed first, so the length leaks nothing either). Unset: open, for local scripts.
 */
@Injectable()
export class HubTokenGuard implements CanActivate {
  constructor(private readonly env: EnvService) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.env.get('HUB_API_TOKEN');
    if (!expected) return true;
    const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match && timingSafeEqual(digest(match[1]), digest(expected))) return true;
    throw new UnauthorizedException('Unauthorized: POST /notify needs Authorization: Bearer <HUB_API_TOKEN>');
  }
}
