import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { startEmbeddedEarly } from './platform/database/embedded-postgres';
import { EnvError, EnvService } from './platform/env/env.service';

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
  if (!env.get('DATABASE_URL')) startEmbeddedEarly(env.get('DATA_DIR'), env.get('EMBEDDED_SHARED_BUFFERS_MB'));
  // Loaded after the environment is known to be valid, so a bad variable fails fast.
  const { createApp } = await import('./app-factory');
  const { installGracefulShutdown } = await import('./graceful-shutdown');
  const app = await createApp(env);
  const host = env.get('BIND_ADDRESS') === '*' ? '0.0.0.0' : env.get('BIND_ADDRESS');
  await app.listen(env.get('PORT'), host);
  env.listeningOn((app.getHttpServer().address() as AddressInfo).port);

  installGracefulShutdown(app, env);
  const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${env.get('PORT')}${env.get('URL_BASE')}`;
  console.log(
    JSON.stringify({ level: 30, time: Date.now(), msg: `Quire listening on ${url} (API docs: ${url}/docs)` }),
  );
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
