import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('root_folder')
export class RootFolder {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Absolute, without a trailing separator. */
  @Column({ type: 'text', unique: true })
  path: string;

  @Column({ type: 'integer' })
  defaultMetadataProfileId: number;

  @Column({ type: 'integer' })
  defaultQualityProfileId: number;

  /** MonitorTypes wire name. */
  @Column({ type: 'varchar', length: 20, default: 'all' })
  defaultMonitorOption: string;

  /** NewItemMonitorTypes wire name. */
  @Column({ type: 'varchar', length: 20, default: 'all' })
  defaultNewItemMonitorOption: string;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  defaultTags: number[];

  @Column({ type: 'boolean', default: false })
  isCalibreLibrary: boolean;

  @Column({ type: 'varchar', length: 255, nullable: true })
  host: string | null;

  @Column({ type: 'integer', nullable: true })
  port: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  urlBase: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  username: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  password: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  library: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  outputFormat: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  outputProfile: string | null;

  @Column({ type: 'boolean', default: false })
  useSsl: boolean;
}
