import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EnvService } from '../../platform/env/env.service';
import { ChannelRegistry } from './channels/channel-registry';
import { RoutingService } from './routing/routing.service';

/** Logs `notification_hub.startup` with the channel configuration (never a secret) and the routing table. */
@Injectable()
export class HubStartupLogger implements OnApplicationBootstrap {
  private readonly logger = new Logger('NotificationHub');

  constructor(
    private readonly env: EnvService,
    private readonly channels: ChannelRegistry,
    private readonly routing: RoutingService,
  ) {}

  onApplicationBootstrap() {
    const { file, loaded, error, table } = this.routing.state;
    const entry = {
      event: 'notification_hub.startup',
      channels: this.channels.describe(),
      routes_file: file,
      routes_loaded: loaded,
      routes_error: error,
      routes: table.routes,
      default_route: table.default,
      api_token_required: Boolean(this.env.get('HUB_API_TOKEN')),
      retry: {
        max_attempts: this.env.get('HUB_RETRY_MAX_ATTEMPTS'),
        base_delay_ms: this.env.get('HUB_RETRY_BASE_DELAY_MS'),
        max_delay_ms: this.env.get('HUB_RETRY_MAX_DELAY_MS'),
      },
    };
    if (loaded) this.logger.log(entry);
    else this.logger.warn({ ...entry, message: `routing file not used (${error}); using default: [email]` });
  }
}
