import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { RematchReport } from './rematch-report';

/** The report of one RematchLibrary command. */
@Entity('metadata_rematch_report')
export class RematchReportEntity {
  @PrimaryColumn({ type: 'integer' })
  commandId!: number;

  @Column({ type: 'jsonb' })
  report!: RematchReport;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
