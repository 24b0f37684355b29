import { Injectable } from '@nestjs/common';
import { DatabaseServer } from '../../../database/database-server';
import { HealthCheck, HealthCheckResult, healthResult, RegisterHealthCheck } from '../../../common/health/health-check';

/** A migration this version knows but the database has not applied (e.g. another process downgraded it). */
@RegisterHealthCheck()
@Injectable()
export class DatabaseMigrationCheck implements HealthCheck {
  readonly source = 'DatabaseMigrationCheck';

  constructor(private readonly database: DatabaseServer) {}

  async check(): Promise<HealthCheckResult[]> {
    const pending = await this.database.pendingMigrations();
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
