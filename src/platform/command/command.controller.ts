import { Body, Controller, Delete, Get, Headers, Post } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../common/http/route-decorators';
import { CommandQueueService } from './command-queue.service';
import { toCommandResource } from './command.mapper';
import { CommandResource } from './command.resource';

@ApiTags('Command')
@Controller('api/v1/command')
export class CommandController {
  constructor(private readonly queue: CommandQueueService) {}

  /** Queues a command (or returns the equal one already queued or running). */
  @Post()
  @ApiBody({ type: CommandResource, description: 'Only `name` is required; the command’s own fields go beside it.' })
  create(@Body() body: Record<string, unknown>, @Headers('user-agent') userAgent?: string): Promise<CommandResource> {
    return this.queue.submit(body, userAgent).then(toCommandResource);
  }

  @Get()
  async list(): Promise<CommandResource[]> {
    return (await this.queue.list()).map(toCommandResource);
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<CommandResource> {
    return toCommandResource(await this.queue.get(id));
  }

  /** Cancels a queued command; a started or finished one answers 409. */
  @Delete(':id')
  async cancel(@IdParam() id: number): Promise<void> {
    await this.queue.cancel(id);
  }
}
