import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type ProviderKind = 'indexer' | 'downloadClient' | 'importList' | 'metadata' | 'notification';

/** One configured provider of any kind; kind-specific flags live in `options` (see the migration). */
@Entity('provider_definition')
export class ProviderDefinition {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  kind: ProviderKind;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  implementation: string;

  @Column({ type: 'varchar', length: 100 })
  configContract: string;

  @Column({ type: 'jsonb', default: {} })
  settings: Record<string, unknown>;

  @Column({ type: 'int', array: true, default: [] })
  tags: number[];

  /** Whether the provider is enabled at all (any of the kind's enable/on* flags). */
  @Column({ type: 'boolean', default: false })
  enable: boolean;

  @Column({ type: 'int', default: 0 })
  priority: number;

  @Column({ type: 'jsonb', default: {} })
  options: Record<string, unknown>;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  added: Date;
}
