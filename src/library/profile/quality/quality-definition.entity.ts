import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One row per quality (Readarr's QualityDefinition): display title, weight and size limits. */
@Entity('quality_definition')
export class QualityDefinition {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', unique: true })
  qualityId: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'integer' })
  weight: number;

  @Column({ type: 'double precision', nullable: true })
  minSize: number | null;

  @Column({ type: 'double precision', nullable: true })
  maxSize: number | null;
}
