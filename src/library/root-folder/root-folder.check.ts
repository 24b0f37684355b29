import { Injectable } from '@nestjs/common';
import { folderProblem } from '../../platform/settings/media-management/media-management-config.service';
import { RootFolderRepository } from './root-folder.repository';
import {
  HealthCheck,
  HealthCheckResult,
  healthResult,
  RegisterHealthCheck,
} from '../../platform/common/health/health-check';

/** Readarr's RootFolderCheck: every root folder must exist and be writable. */
@RegisterHealthCheck()
@Injectable()
export class RootFolderCheck implements HealthCheck {
  readonly source = 'RootFolderCheck';

  constructor(private readonly rootFolders: RootFolderRepository) {}

  async check(): Promise<HealthCheckResult[]> {
    const missing: string[] = [];
    const unwritable: string[] = [];
    for (const path of await this.rootFolders.paths()) {
      const problem = await folderProblem(path);
      if (!problem) continue;
      if (/does not exist|not a folder/.test(problem)) missing.push(path);
      else unwritable.push(path);
    }
    const results: HealthCheckResult[] = [];
    if (missing.length === 1)
      results.push(healthResult(this.source, 'error', `Missing root folder: ${missing[0]}`, 'missing-root-folder'));
    if (missing.length > 1)
      results.push(
        healthResult(
          this.source,
          'error',
          `Multiple root folders are missing: ${missing.join(', ')}`,
          'missing-root-folder',
        ),
      );
    if (unwritable.length)
      results.push(
        healthResult(
          this.source,
          'error',
          `Root folder(s) not writable by the user Quire runs as: ${unwritable.join(', ')}`,
          'root-folder-is-not-writable',
        ),
      );
    return results;
  }
}
