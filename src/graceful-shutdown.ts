import { Logger } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { httpDrainOf } from './app-factory';
import { DomainEvents } from './platform/common/events/domain-events';
import { ApplicationStoppingEvent } from './platform/common/lifecycle/application-stopping.event';
import { EnvService } from './platform/env/env.service';

/** Time beyond the grace period for closing the pool and the embedded database before the process gives up. */
const CLOSE_ALLOWANCE_MS = 1_500;

/**
 * SIGTERM/SIGINT: stop taking work at once (HTTP answers 503 + Connection: close, idle connections close,
 * commands and hub retries are no longer claimed), let running requests and commands finish within
 * COMMAND_SHUTDOWN_GRACE_MS, then close the application — the database last, after the last handler — and exit 0.
 * Should closing hang, the process exits 1 at grace + 1.5 s.
 */
export function installGracefulShutdown(
  app: NestExpressApplication,
  env: EnvService,
  /** Further servers of the same app (HTTPS), closed with the HTTP one. */
  servers: Server[] = [],
): void {
  const logger = new Logger('Shutdown');
  let started = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    const grace = env.get('COMMAND_SHUTDOWN_GRACE_MS');
    const deadline = Date.now() + grace;
    setTimeout(() => {
      logger.error(`Shutdown did not finish within ${grace + CLOSE_ALLOWANCE_MS} ms; exiting`);
      process.exit(1);
    }, grace + CLOSE_ALLOWANCE_MS).unref();
    logger.log(`${signal}: stopping (grace ${grace} ms)`);
    const server: Server = app.getHttpServer();
    const drain = httpDrainOf(app);
    drain?.begin(server);
    for (const other of servers) {
      other.close();
      other.closeIdleConnections();
    }
    await app.get(DomainEvents).emitAsync(ApplicationStoppingEvent.NAME, new ApplicationStoppingEvent(deadline));
    const unfinished = (await drain?.whenIdle(server, deadline)) ?? 0;
    if (unfinished) logger.warn(`${unfinished} request(s) still running at the end of the grace period`);
    for (const other of servers) other.closeAllConnections();
    await app.close();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
