import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { QualityModelValue } from '../parser/quality-model';

/** A release that must not be grabbed again (after a failed download or a manual blocklisting). */
@Entity('blocklist')
export class BlocklistEntry {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  authorId!: number;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  bookIds!: number[];

  @Column({ type: 'text' })
  sourceTitle!: string;

  @Column({ type: 'jsonb' })
  quality!: QualityModelValue;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  customFormatIds!: number[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  date!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  publishedDate!: Date | null;

  /** bigint: pg returns a string. */
  @Column({ type: 'bigint', nullable: true })
  size!: string | null;

  @Column({ type: 'varchar', length: 20, default: 'unknown' })
  protocol!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  indexer!: string | null;

  @Column({ type: 'integer', default: 0 })
  indexerFlags!: number;

  @Column({ type: 'text', nullable: true })
  message!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  torrentInfoHash!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  downloadId!: string | null;
}
