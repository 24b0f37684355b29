import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('series')
export class Series {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar' })
  foreignSeriesId!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'boolean', default: false })
  numbered!: boolean;

  @Column({ type: 'integer', default: 0 })
  workCount!: number;

  @Column({ type: 'integer', default: 0 })
  primaryWorkCount!: number;

  /** Quire extension: its books, present and future, are monitored. */
  @Column({ type: 'boolean', default: false })
  monitored!: boolean;
}

@Entity('series_book_link')
export class SeriesBookLink {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  seriesId!: number;

  @Column({ type: 'integer' })
  bookId!: number;

  @Column({ type: 'varchar', nullable: true })
  position!: string | null;

  /** Sort number of `position` (2.5 between 2 and 3); null when unnumbered. */
  @Column({ type: 'double precision', nullable: true })
  seriesPosition!: number | null;

  @Column({ type: 'boolean', default: false })
  isPrimary!: boolean;
}
