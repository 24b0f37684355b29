import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Readarr's release profile (restriction): required/ignored terms, optionally per indexer and tags. */
@Entity('release_profile')
export class ReleaseProfile {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  /** Terms of which at least one must appear; `/regex/i` terms are regular expressions. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  required!: string[];

  /** Terms none of which may appear. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  ignored!: string[];

  /** 0 = every indexer. */
  @Column({ type: 'integer', default: 0 })
  indexerId!: number;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  tags!: number[];
}
