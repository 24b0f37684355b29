import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  ConnectionTarget,
  ConnectionTargetResolver,
  ConnectionTargets,
} from '../../notification/delivery/connection-targets';
import { ChannelMessage } from '../../notification/notification.types';
import { NotificationService } from './notification.service';

/** Lets the hub's delivery runner read a connection's current settings (the hub does not import providers). */
@Injectable()
export class NotificationTargetResolver implements ConnectionTargetResolver, OnModuleInit {
  constructor(
    private readonly targets: ConnectionTargets,
    private readonly notifications: NotificationService,
  ) {}

  onModuleInit() {
    this.targets.register(this);
  }

  resolve(connectionId: number, part: number, message: ChannelMessage): Promise<ConnectionTarget | null> {
    return this.notifications.connectionTarget(connectionId, part, message);
  }
}
