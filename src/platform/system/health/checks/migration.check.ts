import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { appliedMigrationNames } from '../../../database/applied-migrations';
import { HealthCheck, HealthCheckResult, healthResult, RegisterHealthCheck } from '../health-check';

/** A migration this version knows but the database has not applied (e.g. another process downgraded it). */
@RegisterHealthCheck()
@Injectable()
export class DatabaseMigrationCheck implements HealthCheck {
  readonly source = 'DatabaseMigrationCheck';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async check(): Promise<HealthCheckResult[]> {
    const applied = await appliedMigrationNames(this.dataSource);
    const pending = this.dataSource.migrations.map((migration) => migration.name!).filter((name) => !applied.has(name));
    if (pending.length === 0) return [];
    return [
      healthResult(
        this.source,
        'error',
        `Database migration pending: ${pending.join(', ')}. Restart Quire to apply it.`,
        'database-migration-pending',
      ),
    ];
  }
}
