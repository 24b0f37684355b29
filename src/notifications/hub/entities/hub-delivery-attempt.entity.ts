import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { HubDelivery } from './hub-delivery.entity';

/** sent; failed; skipped (configuration empty); blocked (circuit breaker open, nothing was sent). */
export type AttemptOutcome = 'sent' | 'failed' | 'skipped' | 'blocked';

@Entity('hub_delivery_attempt')
export class HubDeliveryAttempt {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column('int')
  deliveryId: number;

  @ManyToOne(() => HubDelivery, (delivery) => delivery.attemptLog, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id' })
  // Relation<>: see HubDelivery.notification (the two modules import each other).
  delivery?: Relation<HubDelivery>;

  @Column('int')
  number: number;

  @Column('varchar', { length: 10 })
  outcome: AttemptOutcome;

  @Column('boolean', { default: false })
  transient: boolean;

  @Column('int', { nullable: true })
  statusCode: number | null;

  @Column('text', { nullable: true })
  error: string | null;

  @Column('text', { nullable: true })
  detail: string | null;

  @Column('timestamptz')
  startedAt: Date;

  @Column('int')
  durationMs: number;
}
