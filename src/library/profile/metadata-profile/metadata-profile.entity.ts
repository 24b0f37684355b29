import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Which books and editions of an author are kept when the metadata source is read. */
@Entity('metadata_profile')
export class MetadataProfile {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'double precision', default: 0 })
  minPopularity: number;

  @Column({ type: 'boolean', default: false })
  skipMissingDate: boolean;

  @Column({ type: 'boolean', default: false })
  skipMissingIsbn: boolean;

  @Column({ type: 'boolean', default: false })
  skipPartsAndSets: boolean;

  @Column({ type: 'boolean', default: false })
  skipSeriesSecondary: boolean;

  /** Comma list of ISO 639 codes, `null` meaning "no language given" (e.g. `eng, null`). */
  @Column({ type: 'text', nullable: true })
  allowedLanguages: string | null;

  @Column({ type: 'integer', default: 0 })
  minPages: number;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  ignored: string[];
}

/** The special profile for authors added only for specific books: ignores every other book. */
export const NONE_METADATA_PROFILE = 'None';
