import { Injectable, OnModuleInit } from '@nestjs/common';
import { HostConfigService } from '../auth/host-config/host-config.service';
import { HostConfigSavedEvent } from '../auth/host-config/host-config-saved.event';
import { OnDomainEvent } from '../common/events/domain-events';
import { buildOutgoingDispatcher } from './outgoing-dispatcher';
import { installOutgoingDispatcher } from './outgoing-http';
import { settingsKey } from './outgoing-http-settings';

/** Keeps the outgoing dispatcher in step with the host config: at start-up and on every save, no restart needed. */
@Injectable()
export class OutgoingHttpService implements OnModuleInit {
  private key?: string;

  constructor(private readonly hostConfig: HostConfigService) {}

  onModuleInit(): Promise<void> {
    return this.apply();
  }

  @OnDomainEvent(HostConfigSavedEvent.NAME, { async: true, promisify: true })
  async onHostConfigSaved(_event: HostConfigSavedEvent): Promise<void> {
    await this.apply();
  }

  private async apply(): Promise<void> {
    const settings = await this.hostConfig.load();
    const key = settingsKey(settings);
    if (key === this.key) return;
    this.key = key;
    installOutgoingDispatcher(buildOutgoingDispatcher(settings));
  }
}
