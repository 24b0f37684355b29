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

  @Column({ type: 'integer', default: 0 })
  seriesPosition!: number;

  @Column({ type: 'boolean', default: false })
  isPrimary!: boolean;
}
