import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { QualityProfileItem } from '../quality/quality';

export interface ProfileFormatItem {
  /** Custom format id. */
  format: number;
  score: number;
}

@Entity('quality_profile')
export class QualityProfile {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'boolean', default: false })
  upgradeAllowed: boolean;

  /** A quality id, or a group id (≥ 1000) from `items`. */
  @Column({ type: 'integer' })
  cutoff: number;

  /** Readarr's ordered items (worst first): `{quality:{id,name}, items:[], allowed}` or groups `{id, name, items, allowed}`. */
  @Column({ type: 'jsonb' })
  items: QualityProfileItem[];

  @Column({ type: 'integer', default: 0 })
  minFormatScore: number;

  @Column({ type: 'integer', default: 0 })
  cutoffFormatScore: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  formatItems: ProfileFormatItem[];
}
