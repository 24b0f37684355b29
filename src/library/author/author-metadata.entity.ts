import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LinkValue, MediaCoverValue, RatingsValue } from './catalogue-values';

/** What the metadata source knows about an author; one row per foreign author id. */
@Entity('author_metadata')
export class AuthorMetadata {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar' })
  foreignAuthorId!: string;

  @Column({ type: 'varchar', nullable: true })
  titleSlug!: string | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  sortName!: string;

  @Column({ type: 'text', nullable: true })
  nameLastFirst!: string | null;

  @Column({ type: 'text', nullable: true })
  sortNameLastFirst!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  aliases!: string[];

  @Column({ type: 'text', nullable: true })
  overview!: string | null;

  @Column({ type: 'text', nullable: true })
  disambiguation!: string | null;

  @Column({ type: 'text', nullable: true })
  gender!: string | null;

  @Column({ type: 'text', nullable: true })
  hometown!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  born!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  died!: Date | null;

  @Column({ type: 'varchar', default: 'continuing' })
  status!: 'continuing' | 'ended';

  @Column({ type: 'jsonb', default: () => "'[]'" })
  images!: MediaCoverValue[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  links!: LinkValue[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  genres!: string[];

  @Column({ type: 'jsonb' })
  ratings!: RatingsValue;
}
