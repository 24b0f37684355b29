import { WireEnum } from '../../common/wire/wire-enum';

export const AuthenticationType = new WireEnum({ none: 0, basic: 1, forms: 2, external: 3 });
export const AuthenticationRequiredType = new WireEnum({ enabled: 0, disabledForLocalAddresses: 1 });
export const UpdateMechanism = new WireEnum({ builtIn: 0, script: 1, external: 10, apt: 11, docker: 12 });
export const ProxyType = new WireEnum({ http: 0, socks4: 1, socks5: 2 });
export const CertificateValidationType = new WireEnum({ enabled: 0, disabledForLocalAddresses: 1, disabled: 2 });

/** What is stored in the `host` config row. Secrets are stored hashed (password) or kept server-side. */
export interface HostConfig {
  /** Read at start-up (host-startup.ts); the environment variable of the same role wins when set. */
  bindAddress: string;
  port: number;
  urlBase: string;
  sslPort: number;
  enableSsl: boolean;
  launchBrowser: boolean;
  authenticationMethod: keyof typeof AuthenticationType.values;
  authenticationRequired: keyof typeof AuthenticationRequiredType.values;
  analyticsEnabled: boolean;
  username: string;
  passwordHash: string;
  logLevel: string;
  consoleLogLevel: string;
  branch: string;
  sslCertPath: string;
  sslCertPassword: string;
  instanceName: string;
  applicationUrl: string;
  updateAutomatically: boolean;
  updateMechanism: keyof typeof UpdateMechanism.values;
  updateScriptPath: string;
  proxyEnabled: boolean;
  proxyType: keyof typeof ProxyType.values;
  proxyHostname: string;
  proxyPort: number;
  proxyUsername: string;
  proxyPassword: string;
  proxyBypassFilter: string;
  proxyBypassLocalAddresses: boolean;
  certificateValidation: keyof typeof CertificateValidationType.values;
  backupFolder: string;
  backupInterval: number;
  backupRetention: number;
  trustCgnatIpAddresses: boolean;
}

export const HOST_CONFIG_KEY = 'host';

export const HOST_CONFIG_DEFAULTS: HostConfig = {
  bindAddress: '*',
  port: 8787,
  urlBase: '',
  sslPort: 6868,
  enableSsl: false,
  launchBrowser: false,
  authenticationMethod: 'none',
  authenticationRequired: 'enabled',
  analyticsEnabled: false,
  username: '',
  passwordHash: '',
  logLevel: 'info',
  consoleLogLevel: '',
  branch: 'main',
  sslCertPath: '',
  sslCertPassword: '',
  instanceName: 'Quire',
  applicationUrl: '',
  updateAutomatically: false,
  updateMechanism: 'external',
  updateScriptPath: '',
  proxyEnabled: false,
  proxyType: 'http',
  proxyHostname: '',
  proxyPort: 8080,
  proxyUsername: '',
  proxyPassword: '',
  proxyBypassFilter: '',
  proxyBypassLocalAddresses: true,
  certificateValidation: 'enabled',
  backupFolder: 'Backups',
  backupInterval: 7,
  backupRetention: 28,
  trustCgnatIpAddresses: false,
};

/** The host fields an environment variable can pin: when the variable is set, it wins over the saved value. */
export const HOST_ENV_PINS = {
  bindAddress: 'BIND_ADDRESS',
  port: 'PORT',
  urlBase: 'URL_BASE',
  logLevel: 'LOG_LEVEL',
  consoleLogLevel: 'LOG_LEVEL',
} as const;
export type PinnableHostField = keyof typeof HOST_ENV_PINS;
