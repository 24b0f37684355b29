import { Body, Controller, Get, Headers, Post, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../platform/auth/public.decorator';
import { ValidationError } from '../../platform/common/errors/domain-errors';
import { ChannelRegistry } from './channels/channel-registry';
import { CircuitBreakerRegistry } from './delivery/circuit-breaker.registry';
import { NotificationDispatcher } from './dispatcher.service';
import { HubTokenGuard } from './hub-token.guard';
import type { ChannelName } from './notification.types';
import { NotifyRequestDto } from './notify.dto';
import { HealthResource, NotifyResultResource } from './notify.resource';

/** The notification hub's own API, outside Readarr's /api/v1. */
@ApiTags('Notification hub')
@Controller()
export class NotifyController {
  constructor(
    private readonly dispatcher: NotificationDispatcher,
    private readonly breakers: CircuitBreakerRegistry,
    private readonly registry: ChannelRegistry,
  ) {}

  @Public()
  @UseGuards(HubTokenGuard)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Repeats return the stored result' })
  @Post('notify')
  async notify(
    @Body() body: NotifyRequestDto,
    @Res({ passthrough: true }) response: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<NotifyResultResource> {
    if (idempotencyKey !== undefined && (idempotencyKey.trim() === '' || idempotencyKey.length > 255)) {
      throw ValidationError.of('idempotencyKey', 'Idempotency-Key must be 1 to 255 characters', idempotencyKey);
    }
    const { replayed, ...result } = await this.dispatcher.dispatch(
      {
        sourceAgent: body.source_agent,
        title: body.title,
        body: body.body,
        priority: body.priority ?? 'normal',
        channels: body.channels ?? [],
        metadata: body.metadata ?? {},
      },
      { idempotencyKey },
    );
    if (replayed) response.setHeader('Idempotent-Replayed', 'true');
    return result;
  }

  /** 200 whenever the process is running: a liveness probe, public so a monitor needs no key. */
  @Public()
  @Get('health')
  health(): HealthResource {
    return { status: 'ok' };
  }

  /**
   * The same, plus each channel's circuit breaker (closed, open, half_open) and whether its environment settings are
   * complete (`missing` names the empty variable that makes the hub skip it); behind the API key.
   */
  @Get('health/channels')
  channels() {
    const breakers = this.breakers.snapshot();
    const channels = Object.fromEntries(
      (Object.keys(breakers) as ChannelName[]).map((name) => {
        const missing = this.registry.missingEnv(name);
        return [name, { ...breakers[name], configured: !missing, ...(missing ? { missing } : {}) }];
      }),
    );
    return { status: 'ok', channels };
  }
}
