import { Injectable, Logger } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import type { Histogram } from 'prom-client';
import { DomainEvents } from '../common/events/domain-events';
import { CommandContext } from './command-handler.decorator';
import { COMMAND_DURATION_METRIC } from './command-metrics';
import { CommandRegistry } from './command-registry.service';
import { CommandWorkerService } from './command-worker.service';
import { CommandEntity } from './command.entity';
import { CommandExecutedEvent, CommandUpdatedEvent } from './command.events';
import { CommandStatusName } from './command.enums';
import { CommandRepository } from './command.repository';
import { failureException, failureMessage, withoutInstallationDetails } from './failure-text';

export class NoHandlerError extends Error {
  constructor(name: string) {
    super(`No handler is registered for command '${name}' in this version of Quire`);
    this.name = 'NoHandlerError';
  }
}

/**
 * One command's run in this process: claiming it (Readarr's exclusivity rules, in the repository), its handler
 * with progress reports, and the recorded end, each step announced as `command.updated`; `command.executed`
 * follows the end, whatever the outcome.
 */
@Injectable()
export class CommandRunner {
  private readonly logger = new Logger(CommandRunner.name);

  constructor(
    private readonly commands: CommandRepository,
    private readonly registry: CommandRegistry,
    private readonly worker: CommandWorkerService,
    private readonly events: DomainEvents,
    @InjectMetric(COMMAND_DURATION_METRIC) private readonly durations: Histogram<string>,
  ) {}

  /** Claims the next queued command this process may run now, if any. */
  async claimNext(): Promise<CommandEntity | undefined> {
    const started = await this.commands.claimNext(this.worker.id);
    if (started)
      this.events.emit(CommandUpdatedEvent.NAME, new CommandUpdatedEvent(started.id, 'started', { ...started }));
    return started;
  }

  /** Runs a claimed command to its recorded end; `stopping`: whether the process is stopping (failures expected). */
  async run(command: CommandEntity, stopping: () => boolean): Promise<void> {
    const registered = this.registry.get(command.name);
    const started = Date.now();
    const context: CommandContext = {
      commandId: command.id,
      trigger: command.trigger,
      progress: (message: string) => this.progress(command, message),
    };
    let status: CommandStatusName = 'completed';
    let message: string;
    let exception: string | null = null;
    try {
      if (!registered) throw new NoHandlerError(command.name);
      const returned = await registered.instance.execute(command.body, context);
      message = returned || (command.body.completionMessage as string | undefined) || 'Completed';
    } catch (error) {
      status = 'failed';
      // The client gets the error in words; the stack trace, with the installation's paths, goes to the log only.
      message = failureMessage(error);
      exception = failureException(error);
      if (!(error instanceof NoHandlerError)) {
        this.logger.warn(`Command ${command.name} (${command.id}) failed: ${message}`);
        if (error instanceof Error && error.stack) this.logger.debug(error.stack);
      }
    }
    this.durations.observe({ name: command.name, status }, (Date.now() - started) / 1000);
    try {
      const recorded = await this.commands.finish(command.id, this.worker.id, { status, message, exception });
      if (!recorded) return; // orphaned meanwhile by another process: its verdict stands
      const finished = await this.commands.findById(command.id);
      this.events.emit(CommandUpdatedEvent.NAME, new CommandUpdatedEvent(command.id, status, finished ?? undefined));
      if (finished) await this.events.emitAsync(CommandExecutedEvent.NAME, new CommandExecutedEvent(finished));
    } catch (error) {
      if (!stopping()) this.logger.error(`Recording the end of command ${command.id} failed: ${String(error)}`);
    }
  }

  private async progress(command: CommandEntity, message: string): Promise<void> {
    message = withoutInstallationDetails(message);
    const changed = await this.commands.setProgress(command.id, message);
    if (changed)
      this.events.emit(
        CommandUpdatedEvent.NAME,
        new CommandUpdatedEvent(command.id, 'started', { ...command, message }),
      );
  }
}
