import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A stored specification: the implementation and its field values by name. */
export interface StoredSpecification {
  name: string;
  implementation: string;
  negate: boolean;
  required: boolean;
  fields: Record<string, unknown>;
}

@Entity('custom_format')
export class CustomFormat {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'boolean', default: false })
  includeCustomFormatWhenRenaming: boolean;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  specifications: StoredSpecification[];
}
