import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { QualityModelValue } from '../parser/quality-model';

/** One history event of a book (Readarr's EntityHistory); `eventType` is EntityHistoryEventType's number. */
@Entity('history')
export class HistoryEntry {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer', nullable: true })
  bookId!: number | null;

  @Column({ type: 'integer' })
  authorId!: number;

  @Column({ type: 'text', default: '' })
  sourceTitle!: string;

  @Column({ type: 'jsonb' })
  quality!: QualityModelValue;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  customFormatIds!: number[];

  @Column({ type: 'integer', default: 0 })
  customFormatScore!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  date!: Date;

  @Column({ type: 'varchar', length: 200, nullable: true })
  downloadId!: string | null;

  @Column({ type: 'smallint' })
  eventType!: number;

  /** String → string map (Readarr's `data`). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  data!: Record<string, string>;
}
