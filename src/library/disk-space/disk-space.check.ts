import { Injectable } from '@nestjs/common';
import { resolve } from 'node:path';
import { EnvService } from '../../platform/env/env.service';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { DiskSpaceService } from './disk-space.service';
import { RootFolderRepository } from '../root-folder/root-folder.repository';
import {
  HealthCheck,
  HealthCheckResult,
  healthResult,
  RegisterHealthCheck,
} from '../../platform/common/health/health-check';

const MB = 1024 * 1024;
const APP_DATA_MINIMUM_MB = 100;

/** Low free space on DATA_DIR (< 100 MB) or on a root folder (< media management's minimum free space). */
@RegisterHealthCheck()
@Injectable()
export class DiskSpaceCheck implements HealthCheck {
  readonly source = 'DiskSpaceCheck';

  constructor(
    private readonly env: EnvService,
    private readonly diskSpace: DiskSpaceService,
    private readonly mediaManagement: MediaManagementConfigService,
    private readonly rootFolders: RootFolderRepository,
  ) {}

  async check(): Promise<HealthCheckResult[]> {
    const results: HealthCheckResult[] = [];
    const dataDir = resolve(this.env.get('DATA_DIR'));
    const appSpace = await this.diskSpace.spaceOf(dataDir);
    if (appSpace && appSpace.freeSpace < APP_DATA_MINIMUM_MB * MB)
      results.push(
        healthResult(
          this.source,
          'error',
          `Low disk space for the app data folder ${dataDir}: ${mb(appSpace.freeSpace)} free`,
        ),
      );
    const minimum = (await this.mediaManagement.load()).minimumFreeSpaceWhenImporting;
    for (const path of await this.rootFolders.paths()) {
      const space = await this.diskSpace.spaceOf(path);
      if (space && space.freeSpace < minimum * MB)
        results.push(
          healthResult(this.source, 'warning', `Low disk space for root folder ${path}: ${mb(space.freeSpace)} free`),
        );
    }
    return results;
  }
}

function mb(bytes: number): string {
  return `${Math.floor(bytes / MB)} MB`;
}
