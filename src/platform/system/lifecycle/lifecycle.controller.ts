import { Controller, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { LifecycleService } from './lifecycle.service';

/** Answers first, then stops once the response has been sent. */
@ApiTags('System')
@Controller('api/v1/system')
export class LifecycleController {
  constructor(private readonly lifecycle: LifecycleService) {}

  @Post('shutdown')
  shutdown(@Res({ passthrough: true }) response: Response): { shuttingDown: boolean } {
    response.once('finish', () => setImmediate(() => this.lifecycle.request('shutdown')));
    return { shuttingDown: true };
  }

  @Post('restart')
  restart(@Res({ passthrough: true }) response: Response): { restarting: boolean } {
    response.once('finish', () => setImmediate(() => this.lifecycle.request('restart')));
    return { restarting: true };
  }
}
