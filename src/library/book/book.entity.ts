import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AddBookOptionsValue, LinkValue, RatingsValue } from '../author/catalogue-values';

/** A work. Its title/cover/page count come from its one monitored edition. */
@Entity('book')
export class Book {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  authorId!: number;

  @Column({ type: 'integer' })
  authorMetadataId!: number;

  @Column({ type: 'varchar' })
  foreignBookId!: string;

  @Column({ type: 'varchar', nullable: true })
  titleSlug!: string | null;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  cleanTitle!: string;

  @Column({ type: 'timestamptz', nullable: true })
  releaseDate!: Date | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  links!: LinkValue[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  genres!: string[];

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  relatedBooks!: number[];

  /** Fields a refresh filled from the secondary metadata source (field → source name), e.g. `{series: 'BookInfo'}`. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadataProvenance!: Record<string, string>;

  @Column({ type: 'jsonb' })
  ratings!: RatingsValue;

  @Column({ type: 'boolean', default: true })
  monitored!: boolean;

  @Column({ type: 'boolean', default: true })
  anyEditionOk!: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  lastSearchTime!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastInfoSync!: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  added!: Date;

  @Column({ type: 'jsonb', nullable: true })
  addOptions!: AddBookOptionsValue | null;
}
