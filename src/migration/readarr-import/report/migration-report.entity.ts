import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { MigrationReport } from './migration-report';

/** The report of one MigrateFromReadarr command. */
@Entity('migration_report')
export class MigrationReportEntity {
  @PrimaryColumn({ type: 'integer' })
  commandId!: number;

  @Column({ type: 'boolean' })
  dryRun!: boolean;

  @Column({ type: 'jsonb' })
  report!: MigrationReport;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
