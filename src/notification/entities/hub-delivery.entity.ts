import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { ChannelName } from '../notification.types';
import { HubDeliveryAttempt } from './hub-delivery-attempt.entity';
import { HubNotification } from './hub-notification.entity';

/**
 * pending: an attempt is due at `nextAttemptAt` (or running, with `nextAttemptAt` as the lease);
 * delivered / failed / skipped are final.
 */
export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'skipped';

/** One channel of one notification, with its attempts. */
@Entity('hub_delivery')
export class HubDelivery {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column('uuid')
  notificationId: string;

  @ManyToOne(() => HubNotification, (notification) => notification.deliveries, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'notification_id' })
  notification?: HubNotification;

  @Column('varchar', { length: 20 })
  channel: ChannelName;

  @Column('varchar', { length: 12 })
  state: DeliveryState;

  @Column('int', { default: 0 })
  attempts: number;

  @Column('timestamptz', { nullable: true })
  nextAttemptAt: Date | null;

  /** Set by whoever runs the current attempt; the result is written only by the holder. */
  @Column('uuid', { nullable: true })
  claimToken: string | null;

  @Column('text', { nullable: true })
  lastError: string | null;

  @Column('timestamptz', { nullable: true })
  deliveredAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @OneToMany(() => HubDeliveryAttempt, (attempt) => attempt.delivery)
  attemptLog?: HubDeliveryAttempt[];
}
