import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../../platform/auth/public.decorator';
import { InitializeResource } from './initialize.resource';
import { InitializeService } from './initialize.service';

/** Public at the guard: the service itself decides (session, key, or first run from a local address). */
@ApiExcludeController()
@Public()
@Controller()
export class InitializeController {
  constructor(private readonly initializer: InitializeService) {}

  @Get('initialize.json')
  @Header('Cache-Control', 'no-cache, no-store')
  initialize(@Req() request: Request): Promise<InitializeResource> {
    return this.initializer.initialize(request);
  }
}
