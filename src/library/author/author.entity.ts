import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AddAuthorOptionsValue } from './catalogue-values';

/** An author in the library (its metadata lives in author_metadata). */
@Entity('author')
export class Author {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer' })
  authorMetadataId!: number;

  @Column({ type: 'text' })
  cleanName!: string;

  @Column({ type: 'boolean', default: true })
  monitored!: boolean;

  @Column({ type: 'varchar', default: 'all' })
  monitorNewItems!: 'all' | 'none' | 'new';

  @Column({ type: 'text' })
  path!: string;

  @Column({ type: 'text', nullable: true })
  rootFolderPath!: string | null;

  @Column({ type: 'integer' })
  qualityProfileId!: number;

  @Column({ type: 'integer' })
  metadataProfileId!: number;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  tags!: number[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  added!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  lastInfoSync!: Date | null;

  @Column({ type: 'jsonb', nullable: true })
  addOptions!: AddAuthorOptionsValue | null;
}
