import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A filter saved by the UI for one of its lists; `filters` are stored verbatim. */
@Entity('custom_filter')
export class CustomFilter {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @Column({ type: 'varchar', length: 200 })
  label: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  filters: Record<string, unknown>[];
}
