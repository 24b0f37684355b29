import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { wireJsonReplacer } from '../../platform/common/wire/json-replacer';
import { DatabaseChannels, MAX_NOTIFY_BYTES, PgChannelListener } from '../../platform/database/pg-channel';
import type { PushChange } from './push-message';

const CHANNEL = 'quire_push';
/** Library changes are gathered this long and sent as one change per resource name and action. */
const BATCH_MS = 100;
/** More ids than this in one batch are sent as `sync`: the clients reload instead of patching item by item. */
const MAX_BATCH_IDS = 500;

interface Envelope {
  /** The publishing process, which has delivered the change to its own clients already. */
  origin: string;
  change: PushChange;
}

/**
 * Carries changes to every Quire process on the database: delivered locally at once, and to the others
 * through PostgreSQL NOTIFY on a dedicated LISTEN connection. On the embedded database there is only
 * this process, so the bus stays local.
 */
@Injectable()
export class PushBusService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PushBusService.name);
  private readonly origin = randomUUID();
  private readonly handlers = new Set<(change: PushChange) => void>();
  private listener?: PgChannelListener;
  private batch = new Map<string, PushChange>();
  private batchTimer?: NodeJS.Timeout;

  constructor(private readonly channels: DatabaseChannels) {}

  async onApplicationBootstrap(): Promise<void> {
    this.listener = await this.channels.listener(CHANNEL, (payload) => this.received(payload));
    await this.listener?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.batchTimer);
    await this.flush();
    await this.listener?.stop();
  }

  /** Whether other processes may have clients (a shared PostgreSQL), so changes are worth publishing. */
  get distributed(): boolean {
    return this.listener !== undefined;
  }

  subscribe(handler: (change: PushChange) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Delivers here and, with a shared PostgreSQL, to every other process. */
  async publish(change: PushChange): Promise<void> {
    this.deliver(change);
    if (!this.listener) return;
    try {
      await this.channels.notify(CHANNEL, this.payload(change));
    } catch (error) {
      this.logger.warn(`Publishing a live-push change failed: ${String(error)}`);
    }
  }

  /**
   * Publishes soon, merged with the other changes of the next moment: ids of one name and action are
   * united (a storm of book edits becomes one change, or `sync` past MAX_BATCH_IDS).
   */
  publishSoon(change: PushChange): void {
    const key = `${change.name}|${change.action}`;
    const pending = this.batch.get(key);
    if (!pending) this.batch.set(key, { ...change, ids: change.ids ? [...change.ids] : undefined });
    else if (pending.action !== 'sync' && change.ids && pending.ids) {
      for (const id of change.ids) if (!pending.ids.includes(id)) pending.ids.push(id);
      if (pending.ids.length > MAX_BATCH_IDS) this.batch.set(key, { name: change.name, action: 'sync' });
    }
    this.batchTimer ??= setTimeout(() => void this.flush(), BATCH_MS);
  }

  private async flush(): Promise<void> {
    this.batchTimer = undefined;
    const changes = [...this.batch.values()];
    this.batch = new Map();
    for (const change of changes) await this.publish(change);
  }

  /** Within PostgreSQL's NOTIFY limit: a large resource is left for each process to build from its ids. */
  private payload(change: PushChange): string {
    const full = JSON.stringify({ origin: this.origin, change } satisfies Envelope, wireJsonReplacer);
    if (Buffer.byteLength(full) <= MAX_NOTIFY_BYTES) return full;
    const { resource: _resource, ...withoutResource } = change;
    const slim = JSON.stringify({ origin: this.origin, change: withoutResource } satisfies Envelope);
    if (Buffer.byteLength(slim) <= MAX_NOTIFY_BYTES) return slim;
    return JSON.stringify({ origin: this.origin, change: { name: change.name, action: 'sync' } } satisfies Envelope);
  }

  private received(payload: string): void {
    try {
      const envelope = JSON.parse(payload) as Envelope;
      if (envelope.origin === this.origin || typeof envelope.change?.name !== 'string') return;
      this.deliver(envelope.change);
    } catch {
      this.logger.warn('Ignored an unreadable live-push notification');
    }
  }

  private deliver(change: PushChange): void {
    for (const handler of this.handlers) handler(change);
  }
}
