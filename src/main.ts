import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https';
import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { startEmbeddedEarly } from './platform/database/embedded-postgres';
import { EnvError, EnvService } from './platform/env/env.service';
import type { HttpsSettings } from './platform/auth/host-config/host-startup';

/** A JSON line like pino's, for what happens before the application's logger exists. */
function startupLog(level: 'info' | 'warn' | 'error', msg: string): void {
  const line = JSON.stringify({ level: { info: 30, warn: 40, error: 50 }[level], time: Date.now(), msg });
  if (level === 'info') console.log(line);
  else console.error(line);
}

// The errors of an address or port this machine will not give us; anything else stays fatal.
const LISTEN_REFUSALS = new Set(['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL']);

const hostOf = (env: EnvService) => (env.get('BIND_ADDRESS') === '*' ? '0.0.0.0' : env.get('BIND_ADDRESS'));

/**
 * Listens on the configured port and address. When they came from the saved settings (not the environment) and
 * cannot be had, the defaults are used instead, so a saved value that cannot work never locks the user out.
 */
async function listen(app: NestExpressApplication, env: EnvService, fromSettings: string[]): Promise<void> {
  const saved = (['PORT', 'BIND_ADDRESS'] as const).filter((key) => fromSettings.includes(key));
  try {
    await app.listen(env.get('PORT'), hostOf(env));
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (!LISTEN_REFUSALS.has(code) || saved.length === 0) throw error;
    const wanted = `${hostOf(env)}:${env.get('PORT')}`;
    for (const key of saved) env.resetToDefault(key);
    startupLog(
      'error',
      `Cannot listen on ${wanted} (${code}), the address saved in Settings → General; listening on the default ` +
        `${hostOf(env)}:${env.get('PORT')} instead. Change it there, or set PORT / BIND_ADDRESS.`,
    );
    await app.listen(env.get('PORT'), hostOf(env));
  }
}

/** Built-in HTTPS beside HTTP, as Readarr does; a certificate or port that fails is logged and HTTP stays up. */
async function listenHttps(
  app: NestExpressApplication,
  env: EnvService,
  settings: HttpsSettings,
): Promise<HttpsServer | undefined> {
  const { loadCertificate } = await import('./platform/auth/host-config/host-startup');
  let server: HttpsServer;
  try {
    server = createHttpsServer(
      loadCertificate(settings.certPath, settings.certPassword),
      app.getHttpAdapter().getInstance(),
    );
  } catch {
    startupLog('error', 'HTTPS is on but the SSL certificate cannot be read with its password; serving HTTP only');
    return undefined;
  }
  // WebSocket upgrades (live push) are handled by listeners on the HTTP server; HTTPS hands them the same requests.
  const http: Server = app.getHttpServer();
  server.on('upgrade', (...args: unknown[]) => {
    for (const listener of http.listeners('upgrade')) (listener as (...a: unknown[]) => void).apply(http, args);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, hostOf(env), () => resolve());
    });
  } catch (error) {
    startupLog(
      'error',
      `Cannot listen for HTTPS on port ${settings.port} (${String((error as { code?: string }).code)}); serving HTTP only`,
    );
    return undefined;
  }
  return server;
}

async function bootstrap() {
  let env: EnvService;
  try {
    env = EnvService.fromProcess();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The embedded database boots in its own thread while the modules below load (about a second each).
  const embeddedUrl = env.get('DATABASE_URL')
    ? undefined
    : startEmbeddedEarly(env.get('DATA_DIR'), env.get('EMBEDDED_SHARED_BUFFERS_MB'));
  // Loaded after the environment is known to be valid, so a bad variable fails fast.
  const { readConfigBeforeBoot } = await import('./platform/database/config-before-boot');
  const { startupSettings } = await import('./platform/auth/host-config/host-startup');
  const { HOST_CONFIG_KEY } = await import('./platform/auth/host-config/host-config');
  // The saved host settings (Settings → General) decide how Quire listens, so they are read before the app exists.
  const saved = startupSettings(
    await readConfigBeforeBoot(env.get('DATABASE_URL') ?? (await embeddedUrl)!, HOST_CONFIG_KEY),
  );
  const { applied, refused } = env.applyStored(saved.overrides);
  for (const problem of refused) startupLog('warn', `Ignoring a saved host setting: ${problem}`);
  const { createApp } = await import('./app-factory');
  const { installGracefulShutdown } = await import('./graceful-shutdown');
  const app = await createApp(env);
  await listen(app, env, applied);
  env.listeningOn((app.getHttpServer().address() as AddressInfo).port);
  const https = saved.https ? await listenHttps(app, env, saved.https) : undefined;

  installGracefulShutdown(app, env, https ? [https] : []);
  const host = hostOf(env);
  const shown = host === '0.0.0.0' ? 'localhost' : host;
  const url = `http://${shown}:${env.get('PORT')}${env.get('URL_BASE')}`;
  startupLog('info', `Quire listening on ${url} (API docs: ${url}/docs)`);
  if (https) {
    const port = (https.address() as AddressInfo).port;
    startupLog('info', `Quire also serving HTTPS on https://${shown}:${port}${env.get('URL_BASE')}`);
  }
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
