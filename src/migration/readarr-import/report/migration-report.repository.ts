import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { MigrationReport } from './migration-report';
import { MigrationReportEntity } from './migration-report.entity';

@Injectable()
export class MigrationReportRepository {
  constructor(@InjectRepository(MigrationReportEntity) private readonly reports: Repository<MigrationReportEntity>) {}

  async save(commandId: number, report: MigrationReport): Promise<void> {
    await this.reports.upsert({ commandId, dryRun: report.dryRun, report: report as never }, ['commandId']);
  }

  async find(commandId: number): Promise<MigrationReport | undefined> {
    return (await this.reports.findOneBy({ commandId }))?.report;
  }
}
