import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import type { DeliveryChannel } from '../notification.types';
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
  // Relation<> keeps the design-type metadata from naming the other entity: the two modules import each other, and a
  // compiler that exports through getters (swc, in the tests) would read that class before it is defined.
  notification?: Relation<HubNotification>;

  /** The channel kind (for a connection delivery: the connection's kind, e.g. webhook). */
  @Column('varchar', { length: 20 })
  channel: DeliveryChannel;

  /**
   * A notification connection (provider_definition id) whose stored settings the attempt uses, instead of the
   * hub's environment settings. Null for hub channels.
   */
  @Index()
  @Column('int', { nullable: true })
  connectionId: number | null;

  /** Which of the connection's targets (e.g. the n-th ntfy topic); null for hub channels. */
  @Column('smallint', { nullable: true })
  connectionPart: number | null;

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
