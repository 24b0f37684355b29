import { Injectable } from '@nestjs/common';
import {
  HealthCheck,
  HealthCheckResult,
  healthResult,
  RegisterHealthCheck,
} from '../../platform/common/health/health-check';
import {
  folderProblem,
  MediaManagementConfigService,
} from '../../platform/settings/media-management/media-management-config.service';

/** Readarr's RecyclingBinCheck: a configured recycle bin must exist and be writable, or every delete fails. */
@RegisterHealthCheck()
@Injectable()
export class RecyclingBinCheck implements HealthCheck {
  readonly source = 'RecyclingBinCheck';

  constructor(private readonly mediaManagement: MediaManagementConfigService) {}

  async check(): Promise<HealthCheckResult[]> {
    const { recycleBin } = await this.mediaManagement.load();
    if (!recycleBin || !(await folderProblem(recycleBin))) return [];
    return [
      healthResult(
        this.source,
        'error',
        `Cannot write to the recycle bin folder ${recycleBin}: it must exist and be writable by the user Quire ` +
          'runs as, or deleting files fails',
        'cannot-write-recycle-bin',
      ),
    ];
  }
}
