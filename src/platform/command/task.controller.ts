import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdParam } from '../common/http/route-decorators';
import { TaskSchedulerService } from './task-scheduler.service';
import { toTaskResource } from './task.mapper';
import { TaskResource } from './task.resource';

@ApiTags('Task')
@Controller('api/v1/system/task')
export class TaskController {
  constructor(private readonly scheduler: TaskSchedulerService) {}

  @Get()
  async list(): Promise<TaskResource[]> {
    return (await this.scheduler.list()).map(toTaskResource);
  }

  @Get(':id')
  async get(@IdParam() id: number): Promise<TaskResource> {
    return toTaskResource(await this.scheduler.get(id));
  }
}
