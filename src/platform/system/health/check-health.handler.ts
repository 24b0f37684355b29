import { CommandHandler, CommandHandlerInstance } from '../../command/command-handler.decorator';
import { HealthService } from './health.service';

@CommandHandler('CheckHealth')
export class CheckHealthHandler implements CommandHandlerInstance {
  constructor(private readonly health: HealthService) {}

  async execute(): Promise<string> {
    const issues = await this.health.refresh();
    return issues.length === 0 ? 'No health issues' : `${issues.length} health issue(s)`;
  }
}
