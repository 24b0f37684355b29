import type { MediaManagementConfig } from './media-management-config';

/** The media management settings were saved; carries the new values so listeners need not read them again. */
export class MediaManagementConfigSavedEvent {
  static readonly NAME = 'config.mediaManagementSaved';
  constructor(readonly config: MediaManagementConfig) {}
}

declare module '../../common/events/domain-event-map' {
  interface DomainEventMap {
    [MediaManagementConfigSavedEvent.NAME]: MediaManagementConfigSavedEvent;
  }
}
