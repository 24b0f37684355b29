import type { MetadataSourceType } from './development-config';

/**
 * Asked (with `emitAsync`) when a metadata source URL is set without its protocol: the metadata-source feature
 * answers which protocol the server speaks, or `undefined` when it cannot tell (unreachable, neither shape).
 */
export class MetadataSourceProbeEvent {
  static readonly NAME = 'metadata-source.probe';
  constructor(readonly url: string) {}
}

export type MetadataSourceProbeAnswer = MetadataSourceType | undefined;

declare module '../../common/events/domain-event-map' {
  interface DomainEventMap {
    [MetadataSourceProbeEvent.NAME]: MetadataSourceProbeEvent;
  }
}
