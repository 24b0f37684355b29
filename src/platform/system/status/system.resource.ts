export class SystemResource {
  appName: string;
  instanceName: string;
  version: string;
  buildTime: Date;
  isDebug: boolean;
  isProduction: boolean;
  isAdmin: boolean;
  isUserInteractive: boolean;
  startupPath: string;
  appData: string;
  osName: string;
  osVersion: string;
  isNetCore: boolean;
  isLinux: boolean;
  isOsx: boolean;
  isWindows: boolean;
  isDocker: boolean;
  mode: string;
  branch: string;
  databaseType: string;
  databaseVersion: string;
  authentication: string;
  migrationVersion: number;
  urlBase: string;
  runtimeVersion: string;
  runtimeName: string;
  startTime: Date;
  packageVersion?: string;
  packageAuthor?: string;
  packageUpdateMechanism: string;
  packageUpdateMechanismMessage?: string;
}

export class ApiInfoResource {
  current: string;
  deprecated: string[];
}

export class PingResource {
  status: string;
}
