import { Controller, Delete, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../platform/auth/public.decorator';
import { LongPollingService } from './long-polling.service';
import { PushAuthGuard } from './push-auth.guard';
import { NegotiateResponse, PushHubService } from './push-hub.service';

/** Readarr's SignalR hub over HTTP: negotiation and the long-polling transport (WebSockets upgrade elsewhere). */
@ApiExcludeController()
@Public()
@UseGuards(PushAuthGuard)
@Controller('signalr/messages')
export class PushController {
  constructor(
    private readonly hub: PushHubService,
    private readonly longPolling: LongPollingService,
  ) {}

  @Post('negotiate')
  @HttpCode(200)
  negotiate(@Query('negotiateVersion') version?: string): NegotiateResponse {
    return this.hub.negotiate(Number(version) || 0);
  }

  @Get()
  poll(@Query('id') id: unknown, @Res() response: Response): void {
    this.longPolling.poll(id, response);
  }

  @Post()
  @HttpCode(200)
  async send(@Query('id') id: unknown, @Req() request: Request): Promise<string> {
    await this.longPolling.send(id, request);
    return '';
  }

  @Delete()
  @HttpCode(202)
  close(@Query('id') id: unknown): string {
    this.longPolling.close(id);
    return '';
  }
}
