import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import type { MediaKind } from '../profile/quality/quality';

export type { MediaKind };

export interface RevisionValue {
  version: number;
  real: number;
  isRepack: boolean;
}

/**
 * A file on disk. `editionId` null = unmapped. An ebook and an audiobook of the same book may both
 * exist (`mediaKind`); "better file" comparisons happen within one kind.
 */
@Entity('book_file')
export class BookFile {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'integer', nullable: true })
  editionId!: number | null;

  @Column({ type: 'text' })
  path!: string;

  /** bigint: pg returns it as a string; the mapper converts. */
  @Column({ type: 'bigint', default: 0 })
  size!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  modified!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  dateAdded!: Date;

  @Column({ type: 'text', nullable: true })
  originalFilePath!: string | null;

  @Column({ type: 'text', nullable: true })
  sceneName!: string | null;

  @Column({ type: 'text', nullable: true })
  releaseGroup!: string | null;

  @Column({ type: 'integer', default: 0 })
  qualityId!: number;

  @Column({ type: 'jsonb' })
  qualityRevision!: RevisionValue;

  @Column({ type: 'varchar', default: 'ebook' })
  mediaKind!: MediaKind;

  @Column({ type: 'integer', default: 0 })
  indexerFlags!: number;

  @Column({ type: 'jsonb', nullable: true })
  mediaInfo!: Record<string, unknown> | null;

  @Column({ type: 'integer', default: 0 })
  calibreId!: number;

  @Column({ type: 'integer', default: 1 })
  part!: number;

  @Column({ type: 'integer', default: 1 })
  partCount!: number;
}
