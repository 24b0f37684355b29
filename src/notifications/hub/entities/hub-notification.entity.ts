import { Column, CreateDateColumn, Entity, OneToMany, PrimaryColumn } from 'typeorm';
import type { ChannelName, NotificationStatus, Priority } from '../notification.types';
import type { ResolutionRule } from '../routing/routing-table';
import { HubDelivery } from './hub-delivery.entity';

/** One accepted notification (POST /notify or a library event). */
@Entity('hub_notification')
export class HubNotification {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  sourceAgent: string;

  @Column('text')
  title: string;

  @Column('text')
  body: string;

  @Column('varchar', { length: 10 })
  priority: Priority;

  @Column('jsonb')
  metadata: Record<string, unknown>;

  @Column('jsonb')
  requestedChannels: ChannelName[];

  /** The channels resolved for it, and by which step of the resolution order. */
  @Column('jsonb')
  channels: ChannelName[];

  @Column('varchar', { length: 10 })
  /** `connection`: an explicit-target dispatch of notification connections (no routing). */
  resolution: ResolutionRule | 'connection';

  /** The status POST /notify answered, from the first attempt of each channel; null while that is still running. */
  @Column('varchar', { length: 10, nullable: true })
  status: NotificationStatus | null;

  @Column('jsonb', { nullable: true })
  channelsDispatched: ChannelName[] | null;

  @Column('varchar', { length: 255, nullable: true })
  idempotencyKey: string | null;

  /** SHA-256 of the request, to tell a replay from a different request reusing the key. */
  @Column('varchar', { length: 64, nullable: true })
  requestHash: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  completedAt: Date | null;

  @OneToMany(() => HubDelivery, (delivery) => delivery.notification)
  deliveries?: HubDelivery[];
}
