import type { ChannelMessage, DeliveryChannel } from '../notification.types';

/** What one attempt of a connection delivery sends with: the channel kind and its settings, read just now. */
export interface ConnectionTarget {
  channel: DeliveryChannel;
  settings: object;
  /** Overrides of the stored message for this target (e.g. a connection's own ntfy priority). */
  message?: Partial<ChannelMessage>;
}

/**
 * Reads a notification connection's current settings for an attempt. `part` picks one of the connection's
 * targets (the n-th ntfy topic; 0 for single-target kinds). Returns null when the connection or that part no
 * longer exists (the delivery then fails for good).
 */
export interface ConnectionTargetResolver {
  resolve(connectionId: number, part: number, message: ChannelMessage): Promise<ConnectionTarget | null>;
}

/**
 * The injection token of the resolver. The notification connections (`provider/notification`) own the
 * connections and provide it from a global module, so the hub injects it without importing the provider folder.
 */
export const CONNECTION_TARGETS = Symbol('CONNECTION_TARGETS');
