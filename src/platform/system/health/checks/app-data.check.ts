import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EnvService } from '../../../env/env.service';
import { HealthCheck, HealthCheckResult, healthResult, RegisterHealthCheck } from '../../../common/health/health-check';

/** DATA_DIR (database, logs, backups) must be writable: proven by writing and removing a probe file. */
@RegisterHealthCheck()
@Injectable()
export class AppDataLocationCheck implements HealthCheck {
  readonly source = 'AppDataLocationCheck';

  constructor(private readonly env: EnvService) {}

  async check(): Promise<HealthCheckResult[]> {
    const dir = resolve(this.env.get('DATA_DIR'));
    const probe = join(dir, `.write-test-${randomBytes(4).toString('hex')}`);
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
      return [];
    } catch {
      return [
        healthResult(
          this.source,
          'error',
          `Cannot write to the app data folder ${dir}: logs, backups and the embedded database live there`,
          'app-data-folder-is-not-writable',
        ),
      ];
    }
  }
}
