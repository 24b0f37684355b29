import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One row per settings section (`host`, `naming`, …) or single value (`apiKey`), stored as JSON. */
@Entity('config')
export class ConfigEntry {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
