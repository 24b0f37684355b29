/** The host config was saved (Settings → General); what reads it at start-up reads it again. */
export class HostConfigSavedEvent {
  static readonly NAME = 'hostConfig.saved';
}

declare module '../../common/events/domain-event-map' {
  interface DomainEventMap {
    [HostConfigSavedEvent.NAME]: HostConfigSavedEvent;
  }
}
