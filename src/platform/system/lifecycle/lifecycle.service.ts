import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ProcessControl } from './process-control';

/**
 * Exit code after `POST /system/restart`: non-zero, so a supervisor (`restart: on-failure` in Docker,
 * `Restart=on-failure` in systemd) starts Quire again. Shutdown exits 0.
 */
export const RESTART_EXIT_CODE = 75;

type StopKind = 'shutdown' | 'restart';

/**
 * Shutdown and restart take the same graceful path as `docker stop`: Quire sends itself SIGTERM, main.ts closes
 * the app (the HTTP server stops accepting, running commands reach a safe point, the log sink flushes, the pool
 * closes) and exits; for a restart the exit code becomes RESTART_EXIT_CODE.
 */
@Injectable()
export class LifecycleService implements OnApplicationShutdown {
  private readonly logger = new Logger(LifecycleService.name);
  private requested?: StopKind;

  constructor(private readonly control: ProcessControl) {}

  get pending(): StopKind | undefined {
    return this.requested;
  }

  request(kind: StopKind): void {
    if (this.requested) return;
    this.requested = kind;
    this.logger.log(kind === 'restart' ? 'Restart requested' : 'Shutdown requested');
    this.control.signal('SIGTERM');
  }

  onApplicationShutdown(): void {
    if (this.requested === 'restart') this.control.exitWith(RESTART_EXIT_CODE);
  }
}
