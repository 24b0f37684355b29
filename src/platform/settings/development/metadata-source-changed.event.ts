import type { MetadataSourceType } from './development-config';

/** `config/development` now names another metadata protocol: the library's foreign ids belong to the old one. */
export class MetadataSourceChangedEvent {
  static readonly NAME = 'metadata-source.changed';
  constructor(
    readonly previous: MetadataSourceType,
    readonly current: MetadataSourceType,
  ) {}
}

declare module '../../common/events/domain-event-map' {
  interface DomainEventMap {
    [MetadataSourceChangedEvent.NAME]: MetadataSourceChangedEvent;
  }
}
