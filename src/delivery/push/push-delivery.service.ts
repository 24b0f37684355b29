import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { PushBusService } from './push-bus.service';
import { PushHubService } from './push-hub.service';
import type { PushChange, PushMessage } from './push-message';
import { PushResourcesService } from './push-resources.service';

/** Changes waiting to be built and sent; past this the oldest are dropped (the clients resync on reconnect). */
const MAX_PENDING = 5000;

/**
 * Turns changes from the bus into `receiveMessage` calls for this process's clients, one at a time and in
 * order; equal changes waiting together are sent once (the resource is read when it is sent, so it is current).
 */
@Injectable()
export class PushDeliveryService implements OnModuleInit {
  private readonly logger = new Logger(PushDeliveryService.name);
  private pending: PushChange[] = [];
  private draining = false;

  constructor(
    private readonly bus: PushBusService,
    private readonly hub: PushHubService,
    private readonly resources: PushResourcesService,
  ) {}

  onModuleInit(): void {
    this.bus.subscribe((change) => this.enqueue(change));
  }

  /** Resolves when every change received so far has been sent (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.draining || this.pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  private enqueue(change: PushChange): void {
    if (!this.hub.hasClients) return;
    this.pending.push(change);
    if (this.pending.length > MAX_PENDING) {
      this.pending.splice(0, this.pending.length - MAX_PENDING);
      this.logger.warn(`Live-push backlog over ${MAX_PENDING} changes; the oldest were dropped`);
    }
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length > 0) {
        const batch = withoutRepeats(this.pending);
        this.pending = [];
        for (const change of batch) {
          for (const message of await this.messages(change)) this.hub.broadcast(message);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async messages(change: PushChange): Promise<PushMessage[]> {
    const { name, action } = change;
    if (change.resource !== undefined) return [{ name, body: { resource: change.resource, action } }];
    if (action === 'sync') return [{ name, body: { action } }];
    if (action === 'deleted') return (change.ids ?? []).map((id) => ({ name, body: { resource: { id }, action } }));
    if (!this.resources.canBuild(name)) return [{ name, body: { action: 'sync' } }];
    const messages: PushMessage[] = [];
    for (const id of change.ids ?? [undefined]) {
      try {
        messages.push({ name, body: { resource: await this.resources.build(name, id), action } });
      } catch (error) {
        // Deleted meanwhile: its own `deleted` change follows.
        if (!(error instanceof NotFoundError))
          this.logger.warn(`Building live-push ${name} ${id ?? ''} failed: ${String(error)}`);
      }
    }
    return messages;
  }
}

/** Equal id-based changes once, in the order first seen; changes carrying a resource are kept as they are. */
function withoutRepeats(changes: PushChange[]): PushChange[] {
  const seen = new Set<string>();
  return changes.filter((change) => {
    if (change.resource !== undefined) return true;
    const key = `${change.name}|${change.action}|${(change.ids ?? []).join(',')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
