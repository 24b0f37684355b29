import {
  acts,
  pending,
  resourceSurface,
  SettingsSurface,
  unsupported,
} from '../../settings/inventory/settings-inventory';
import { HOST_CONFIG_DEFAULTS } from './host-config';
import { HostConfigResource } from './host-config.resource';

/** What each `/config/host` field does in Quire; `apiKey` is shown here but changed only by its own reset command. */
export const HOST_CONFIG_INVENTORY: SettingsSurface = resourceSurface({
  id: 'config/host',
  title: 'General (host)',
  route: '/api/v1/config/host',
  resource: HostConfigResource,
  defaults: HOST_CONFIG_DEFAULTS,
  notSettings: ['apiKey'],
  entries: {
    bindAddress: unsupported(
      'Quire takes it from the BIND_ADDRESS environment variable at start-up, so it cannot change through the API',
    ),
    port: unsupported(
      'Quire takes it from the PORT environment variable at start-up, so it cannot change through the API',
    ),
    urlBase: unsupported(
      'Quire takes it from the URL_BASE environment variable at start-up, so it cannot change through the API',
    ),
    sslPort: pending(
      'Quire serves plain HTTP; built-in TLS is not implemented yet (put a reverse proxy in front meanwhile)',
    ),
    enableSsl: pending(
      'Quire serves plain HTTP; built-in TLS is not implemented yet (put a reverse proxy in front meanwhile)',
    ),
    sslCertPath: pending(
      'Quire serves plain HTTP; built-in TLS is not implemented yet (put a reverse proxy in front meanwhile)',
    ),
    sslCertPassword: pending(
      'Quire serves plain HTTP; built-in TLS is not implemented yet (put a reverse proxy in front meanwhile)',
    ),
    launchBrowser: unsupported('Quire runs as a server without a desktop session, so there is no browser to open'),
    authenticationMethod: acts(
      'src/platform/auth/request-auth.service.ts',
      [
        'test/e2e/platform/auth/authentication-methods.e2e-spec.ts',
        'challenges a browser without credentials, on the page, /initialize.json and the API',
      ],
      'none, forms, basic (the browser asks for the login) and external (a reverse proxy authenticates the UI; ' +
        'the API keeps needing the key) act',
    ),
    authenticationRequired: acts('src/platform/auth/request-auth.service.ts', [
      'test/e2e/platform/auth/authentication-methods.e2e-spec.ts',
      'with basic, asks no login from 127.0.0.1 but does from a forwarded remote address',
    ]),
    analyticsEnabled: unsupported('Quire collects and sends no usage analytics'),
    username: acts('src/platform/auth/auth.service.ts', [
      'test/e2e/platform/auth/browser-session.e2e-spec.ts',
      'POST /login (urlencoded) sets an HttpOnly SameSite=Lax cookie and answers 303 to returnUrl',
    ]),
    password: acts('src/platform/auth/auth.service.ts', [
      'test/e2e/platform/auth/browser-session.e2e-spec.ts',
      'POST /login (urlencoded) sets an HttpOnly SameSite=Lax cookie and answers 303 to returnUrl',
    ]),
    passwordConfirmation: acts('src/platform/auth/host-config/host-config.service.ts', [
      'test/e2e/platform/auth/browser-session.e2e-spec.ts',
      'GET /logout clears the cookie; a new password ends every earlier session',
    ]),
    logLevel: unsupported(
      'Quire takes it from the LOG_LEVEL environment variable at start-up, so it cannot change through the API',
    ),
    consoleLogLevel: unsupported(
      'Quire takes it from the LOG_LEVEL environment variable at start-up, so it cannot change through the API',
    ),
    branch: unsupported('Quire does not update itself; new versions come from your package manager or container image'),
    instanceName: acts('src/platform/system/status/system-status.service.ts', [
      'test/e2e/delivery/web-ui/web-ui.e2e-spec.ts',
      'before any login exists, answers a loopback caller with the key and the app settings',
    ]),
    applicationUrl: pending('stored, not yet acted on: links in notifications do not use it yet'),
    updateAutomatically: unsupported(
      'Quire does not update itself; new versions come from your package manager or container image',
    ),
    updateMechanism: unsupported(
      'Quire does not update itself; new versions come from your package manager or container image',
    ),
    updateScriptPath: unsupported(
      'Quire does not update itself; new versions come from your package manager or container image',
    ),
    proxyEnabled: acts('src/platform/outgoing-http/outgoing-dispatcher.ts', [
      'test/e2e/platform/outgoing-http/outgoing-http.e2e-spec.ts',
      'with the HTTP proxy on, metadata lookups and indexer tests go through it and reach the fakes',
    ]),
    proxyType: acts(
      'src/platform/outgoing-http/outgoing-dispatcher.ts',
      [
        'test/e2e/platform/outgoing-http/outgoing-http.e2e-spec.ts',
        'a SOCKS5 proxy with username and password carries the requests; a wrong password is refused clearly',
      ],
      'SOCKS4 has its own end-to-end test beside it',
    ),
    proxyHostname: acts('src/platform/outgoing-http/proxy-tunnel.ts', [
      'test/e2e/platform/outgoing-http/outgoing-http.e2e-spec.ts',
      'with the HTTP proxy on, metadata lookups and indexer tests go through it and reach the fakes',
    ]),
    proxyPort: acts('src/platform/outgoing-http/proxy-tunnel.ts', [
      'test/e2e/platform/outgoing-http/outgoing-http.e2e-spec.ts',
      'with the HTTP proxy on, metadata lookups and indexer tests go through it and reach the fakes',
    ]),
    proxyUsername: acts('src/platform/outgoing-http/proxy-tunnel.ts', [
      'test/e2e/platform/outgoing-http/outgoing-http.e2e-spec.ts',
      'with the HTTP proxy on, metadata lookups and indexer tests go through it and reach the fakes',
    ]),
    proxyPassword: acts('src/platform/outgoing-http/proxy-tunnel.ts', [
      'test/e2e/platform/outgoing-http/outgoing-http.e2e-spec.ts',
      'wrong proxy credentials make the indexer test fail clearly, without repeating the password',
    ]),
    proxyBypassFilter: acts('src/platform/outgoing-http/proxy-bypass.ts', [
      'test/e2e/platform/outgoing-http/outgoing-http.e2e-spec.ts',
      'bypassed hosts and, when asked, local addresses go direct',
    ]),
    proxyBypassLocalAddresses: acts('src/platform/outgoing-http/proxy-bypass.ts', [
      'test/e2e/platform/outgoing-http/outgoing-http.e2e-spec.ts',
      'bypassed hosts and, when asked, local addresses go direct',
    ]),
    certificateValidation: acts('src/platform/outgoing-http/certificate-policy.ts', [
      'test/e2e/platform/outgoing-http/outgoing-http.e2e-spec.ts',
      'certificate validation: enabled refuses a self-signed server, the two relaxed settings accept it',
    ]),
    backupFolder: acts('src/platform/system/backup/backup.service.ts', [
      'test/medium/platform/system/backup/backup.medium-spec.ts',
      'serves listed backups by type and name only; deletes; unknown ids are 404s',
    ]),
    backupInterval: acts('src/platform/command/task-scheduler.service.ts', [
      'test/e2e/platform/command/command.e2e-spec.ts',
      'lists the scheduled tasks, sorted by name, with intervals from config',
    ]),
    backupRetention: acts('src/platform/system/backup/backup.service.ts', [
      'test/medium/platform/system/backup/backup.medium-spec.ts',
      'a scheduled backup deletes scheduled backups past the retention, never manual ones',
    ]),
    trustCgnatIpAddresses: acts('src/platform/auth/client-address.ts', [
      'src/platform/auth/client-address.spec.ts',
      'counts 100.64.0.0/10 as local only when trusted',
    ]),
  },
});
