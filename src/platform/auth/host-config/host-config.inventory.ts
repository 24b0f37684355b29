import {
  acts,
  pending,
  pinnableBy,
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
    bindAddress: pinnableBy(
      'BIND_ADDRESS',
      acts(
        'src/main.ts',
        [
          'test/e2e/platform/auth/host-config.e2e-spec.ts',
          'saved port, address, URL base and log level apply at the next start; the old port closes',
        ],
        'read at start-up: takes effect after a restart',
      ),
    ),
    port: pinnableBy(
      'PORT',
      acts(
        'src/main.ts',
        [
          'test/e2e/platform/auth/host-config.e2e-spec.ts',
          'saved port, address, URL base and log level apply at the next start; the old port closes',
        ],
        'read at start-up: takes effect after a restart; a saved port that cannot be listened on falls back to 8787',
      ),
    ),
    urlBase: pinnableBy(
      'URL_BASE',
      acts(
        'src/main.ts',
        [
          'test/e2e/platform/auth/host-config.e2e-spec.ts',
          'saved port, address, URL base and log level apply at the next start; the old port closes',
        ],
        'read at start-up: takes effect after a restart',
      ),
    ),
    sslPort: acts(
      'src/main.ts',
      [
        'test/e2e/platform/auth/host-config.e2e-spec.ts',
        'with SSL on, Quire also answers HTTPS on the SSL port with the certificate',
      ],
      'read at start-up: takes effect after a restart; must differ from the port',
    ),
    enableSsl: acts(
      'src/main.ts',
      [
        'test/e2e/platform/auth/host-config.e2e-spec.ts',
        'with SSL on, Quire also answers HTTPS on the SSL port with the certificate',
      ],
      'Quire then serves HTTPS on the SSL port beside HTTP, after a restart',
    ),
    sslCertPath: acts(
      'src/platform/auth/host-config/host-startup.ts',
      [
        'test/e2e/platform/auth/host-config.e2e-spec.ts',
        'refuses SSL with a certificate path that does not exist, naming the field',
      ],
      'a PKCS#12 (.pfx) file, checked with its password when saved; used after a restart',
    ),
    sslCertPassword: acts('src/platform/auth/host-config/host-startup.ts', [
      'test/e2e/platform/auth/host-config.e2e-spec.ts',
      'refuses a certificate its password does not open, and an SSL port equal to the port',
    ]),
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
    logLevel: pinnableBy(
      'LOG_LEVEL',
      acts(
        'src/platform/auth/host-config/host-startup.ts',
        [
          'test/e2e/platform/auth/host-config.e2e-spec.ts',
          'saved port, address, URL base and log level apply at the next start; the old port closes',
        ],
        'the console level, read at start-up (takes effect after a restart); the log files and System → Logs keep ' +
          'info and above',
      ),
    ),
    consoleLogLevel: pinnableBy(
      'LOG_LEVEL',
      acts(
        'src/platform/auth/host-config/host-startup.ts',
        [
          'test/e2e/platform/auth/host-config.e2e-spec.ts',
          'saved port, address, URL base and log level apply at the next start; the old port closes',
        ],
        'when set, the console level instead of the log level; takes effect after a restart',
      ),
    ),
    branch: unsupported('Quire does not update itself; new versions come from your package manager or container image'),
    instanceName: acts('src/platform/system/status/system-status.service.ts', [
      'test/e2e/delivery/web-ui/web-ui.e2e-spec.ts',
      'before any login exists, answers a loopback caller with the key and the app settings',
    ]),
    applicationUrl: pending(
      'Stored and shown, as in Readarr, where nothing reads it either; Quire builds no absolute links: its OPDS ' +
        'feeds, log and backup links are relative to the address the client used, and its notifications carry no links',
    ),
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
