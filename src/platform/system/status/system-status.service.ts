import { Injectable } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { release } from 'node:os';
import { resolve } from 'node:path';
import {
  APP_NAME,
  APP_START_TIME,
  QUIRE_VERSION,
  READARR_APP_NAME,
  READARR_COMPATIBLE_VERSION,
} from '../../common/app-info';
import { DatabaseServer } from '../../database/database-server';
import { EnvService } from '../../env/env.service';
import { HostConfigService } from '../../auth/host-config/host-config.service';
import { SystemResource } from './system.resource';

@Injectable()
export class SystemStatusService {
  private databaseVersion?: string;
  private readonly isDocker = existsSync('/.dockerenv');

  constructor(
    private readonly env: EnvService,
    private readonly hostConfig: HostConfigService,
    private readonly database: DatabaseServer,
  ) {}

  async status(): Promise<SystemResource> {
    const host = await this.hostConfig.load();
    this.databaseVersion ??= await this.readDatabaseVersion();
    const platform = process.platform;
    return {
      appName: READARR_APP_NAME,
      instanceName: host.instanceName,
      version: READARR_COMPATIBLE_VERSION,
      buildTime: APP_START_TIME,
      isDebug: !this.env.isProduction,
      isProduction: this.env.isProduction,
      isAdmin: process.getuid?.() === 0,
      isUserInteractive: false,
      startupPath: process.cwd(),
      appData: resolve(this.env.get('DATA_DIR')),
      osName: platform === 'linux' ? 'linux' : platform,
      osVersion: release(),
      isNetCore: true,
      isLinux: platform === 'linux',
      isOsx: platform === 'darwin',
      isWindows: platform === 'win32',
      isDocker: this.isDocker,
      mode: 'console',
      branch: host.branch,
      databaseType: 'postgreSQL',
      databaseVersion: this.databaseVersion,
      authentication: host.authenticationMethod,
      migrationVersion: this.database.migrationCount,
      urlBase: this.env.get('URL_BASE'),
      runtimeVersion: process.versions.node,
      runtimeName: 'node',
      startTime: APP_START_TIME,
      // Quire's own identity, where Readarr's UI shows "<packageVersion> by <packageAuthor>".
      packageVersion: QUIRE_VERSION,
      packageAuthor: APP_NAME,
      packageUpdateMechanism: this.isDocker ? 'docker' : 'external',
      packageUpdateMechanismMessage: 'Quire does not update itself; upgrade the package or container image.',
    };
  }

  private async readDatabaseVersion(): Promise<string> {
    const version = await this.database.serverVersion();
    const embedded = !this.env.get('DATABASE_URL');
    return `${version ?? 'unknown'}${embedded ? ' (embedded PGlite)' : ''}`;
  }
}
