import { Injectable } from '@nestjs/common';
import type { ChannelMessage, DeliveryChannel } from '../notification.types';

/** What one attempt of a connection delivery sends with: the channel kind and its settings, read just now. */
export interface ConnectionTarget {
  channel: DeliveryChannel;
  settings: object;
  /** Overrides of the stored message for this target (e.g. a connection's own ntfy priority). */
  message?: Partial<ChannelMessage>;
}

/**
 * Reads a notification connection's current settings for an attempt. Implemented by the provider feature
 * (which owns the connections) and registered at start-up, so the hub does not import the provider module.
 * `part` picks one of the connection's targets (the n-th ntfy topic; 0 for single-target kinds). Returns null
 * when the connection or that part no longer exists (the delivery then fails for good).
 */
export interface ConnectionTargetResolver {
  resolve(connectionId: number, part: number, message: ChannelMessage): Promise<ConnectionTarget | null>;
}

/** Holds the registered resolver (one: the notification connections). */
@Injectable()
export class ConnectionTargets {
  private resolver?: ConnectionTargetResolver;

  register(resolver: ConnectionTargetResolver): void {
    this.resolver = resolver;
  }

  async resolve(connectionId: number, part: number, message: ChannelMessage): Promise<ConnectionTarget | null> {
    if (!this.resolver) throw new Error('no notification connection resolver is registered');
    return this.resolver.resolve(connectionId, part, message);
  }
}
