import { setTimeout as sleep } from 'node:timers/promises';
import { CommandContext, CommandHandler, CommandHandlerInstance } from '../command-handler.decorator';

/** Readarr's debug command: waits `duration` milliseconds, reporting progress. */
@CommandHandler('Test', { sendUpdatesToClient: true })
export class TestCommandHandler implements CommandHandlerInstance<{ duration?: number }> {
  async execute(body: { duration?: number }, context: CommandContext): Promise<string> {
    const duration = Math.max(0, Math.min(Number(body.duration ?? 4000) || 0, 24 * 3600_000));
    await context.progress(`Running for ${duration} ms`);
    await sleep(duration);
    return 'Completed';
  }
}
