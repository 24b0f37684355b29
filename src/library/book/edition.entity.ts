import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LinkValue, MediaCoverValue, RatingsValue } from '../author/catalogue-values';

/** One published edition of a book; exactly one per book is monitored (unique partial index). */
@Entity('edition')
export class Edition {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  bookId!: number;

  @Column({ type: 'varchar' })
  foreignEditionId!: string;

  @Column({ type: 'varchar', nullable: true })
  titleSlug!: string | null;

  @Column({ type: 'varchar', nullable: true })
  isbn13!: string | null;

  @Column({ type: 'varchar', nullable: true })
  asin!: string | null;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', nullable: true })
  language!: string | null;

  @Column({ type: 'text', nullable: true })
  overview!: string | null;

  @Column({ type: 'text', nullable: true })
  format!: string | null;

  @Column({ type: 'boolean', default: false })
  isEbook!: boolean;

  @Column({ type: 'text', nullable: true })
  disambiguation!: string | null;

  @Column({ type: 'text', nullable: true })
  publisher!: string | null;

  @Column({ type: 'integer', default: 0 })
  pageCount!: number;

  @Column({ type: 'timestamptz', nullable: true })
  releaseDate!: Date | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  images!: MediaCoverValue[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  links!: LinkValue[];

  @Column({ type: 'jsonb' })
  ratings!: RatingsValue;

  @Column({ type: 'boolean', default: false })
  monitored!: boolean;

  @Column({ type: 'boolean', default: false })
  manualAdd!: boolean;
}
