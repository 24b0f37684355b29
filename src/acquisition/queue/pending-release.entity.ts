import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { QualityModelValue } from '../parser/quality-model';
import type { GrabbedRelease } from './download.events';

/** A release held back by a delay profile; grabbed when its delay ends or by `POST /queue/grab/{id}`. */
@Entity('pending_release')
export class PendingRelease {
  @PrimaryColumn({ type: 'integer', default: () => "nextval('queue_item_id_seq')" })
  id!: number;

  @Column({ type: 'integer' })
  authorId!: number;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  bookIds!: number[];

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'jsonb' })
  release!: GrabbedRelease;

  @Column({ type: 'jsonb' })
  quality!: QualityModelValue;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  customFormatIds!: number[];

  @Column({ type: 'integer', default: 0 })
  customFormatScore!: number;

  @Column({ type: 'varchar', length: 40, default: 'delay' })
  reason!: string;

  @Column({ type: 'timestamptz' })
  releaseAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  added!: Date;
}
