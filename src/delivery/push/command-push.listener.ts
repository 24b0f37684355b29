import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import {
  CommandExecutedEvent,
  CommandQueueService,
  CommandUpdatedEvent,
  toCommandResource,
} from '../../platform/command';
import type { CommandEntity } from '../../platform/command/command.entity';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { PushBusService } from './push-bus.service';
import { PushHubService } from './push-hub.service';

/** Progress messages of one command are pushed at most this often; status changes always at once. */
const PROGRESS_INTERVAL_MS = 250;

interface ProgressState {
  sentAt: number;
  timer?: NodeJS.Timeout;
  latest?: CommandEntity;
}

/**
 * Commands on the hub: every status change with its message, progress while running (throttled), and
 * Readarr's follow-ups of finished commands (task list, quality definitions, command list sync).
 */
@Injectable()
export class CommandPushListener implements OnModuleDestroy {
  private readonly logger = new Logger(CommandPushListener.name);
  private readonly progress = new Map<number, ProgressState>();

  constructor(
    private readonly commands: CommandQueueService,
    private readonly bus: PushBusService,
    private readonly hub: PushHubService,
  ) {}

  onModuleDestroy(): void {
    for (const state of this.progress.values()) clearTimeout(state.timer);
    this.progress.clear();
  }

  @OnDomainEvent(CommandUpdatedEvent.NAME)
  async onUpdated(event: CommandUpdatedEvent): Promise<void> {
    if (!this.wanted()) return;
    const id = event.commandId;
    const state = this.progress.get(id);
    if (event.status !== 'started') {
      clearTimeout(state?.timer);
      this.progress.delete(id);
      return this.push(id, event.snapshot);
    }
    const now = Date.now();
    if (!state) {
      this.progress.set(id, { sentAt: now });
      return this.push(id, event.snapshot);
    }
    state.latest = event.snapshot;
    if (state.timer) return; // a push is already due and will carry the latest message
    const wait = state.sentAt + PROGRESS_INTERVAL_MS - now;
    if (wait <= 0) {
      state.sentAt = now;
      return this.push(id, event.snapshot);
    }
    state.timer = setTimeout(() => {
      state.timer = undefined;
      state.sentAt = Date.now();
      if (this.progress.get(id) === state) void this.push(id, state.latest);
    }, wait);
    state.timer.unref();
  }

  @OnDomainEvent(CommandExecutedEvent.NAME)
  async onExecuted(event: CommandExecutedEvent): Promise<void> {
    if (!this.wanted()) return;
    await this.bus.publish({ name: 'system/task', action: 'sync' });
    if (event.command.name === 'ResetQualityDefinitions')
      await this.bus.publish({ name: 'qualitydefinition', action: 'sync' });
    if (event.command.name === 'MessagingCleanup') await this.bus.publish({ name: 'command', action: 'sync' });
  }

  private wanted(): boolean {
    return this.bus.distributed || this.hub.hasClients;
  }

  /** The state travels with the change, so every process shows each transition (not only the latest). */
  private async push(id: number, snapshot: CommandEntity | undefined): Promise<void> {
    try {
      const resource = toCommandResource(snapshot ?? (await this.commands.get(id)));
      await this.bus.publish({ name: 'command', action: 'updated', ids: [id], resource });
    } catch (error) {
      if (!(error instanceof NotFoundError)) this.logger.warn(`Pushing command ${id} failed: ${String(error)}`);
    }
  }
}
