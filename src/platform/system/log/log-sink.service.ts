import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EnvService } from '../../env/env.service';
import { ConfigStore } from '../../database/config-store.service';
import { DEVELOPMENT_CONFIG_DEFAULTS, DEVELOPMENT_CONFIG_KEY } from '../../settings/development/development-config';
import { LOG_FILE_BASE, logFolder } from './log-folders';
import { LogRecord, logTapFor } from '../../common/logging/log-tap';
import { LogRepository } from './log.repository';
import { RollingLogFile } from './rolling-log-file';

const FLUSH_INTERVAL_MS = 1_000;
const MAX_BATCH = 500;
const MAX_QUEUED = 10_000;

/**
 * Stores log lines at info and above in the `log` table and the rolling files under DATA_DIR/logs.
 * Never blocks the caller: records are queued and written in batches every second (and on shutdown);
 * when the database is unreachable the oldest queued records are dropped rather than growing without bound.
 * Failures here are never logged through pino (that would feed the sink its own errors).
 */
@Injectable()
export class LogSinkService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private queue: LogRecord[] = [];
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private file?: RollingLogFile;
  private stopped = false;
  dropped = 0;

  constructor(
    private readonly env: EnvService,
    private readonly config: ConfigStore,
    private readonly logs: LogRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const development = await this.config.getSection(DEVELOPMENT_CONFIG_KEY, DEVELOPMENT_CONFIG_DEFAULTS);
    this.file = new RollingLogFile(logFolder(this.env, 'app'), LOG_FILE_BASE, 1024 * 1024, development.logRotate);
    logTapFor(this.env).attach((record) => this.enqueue(record));
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    logTapFor(this.env).detach();
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    this.stopped = true;
  }

  enqueue(record: LogRecord): void {
    if (this.stopped) return;
    this.queue.push(record);
    if (this.queue.length > MAX_QUEUED) {
      this.dropped += this.queue.length - MAX_QUEUED;
      this.queue.splice(0, this.queue.length - MAX_QUEUED);
    }
  }

  /** Writes everything queued so far; resolves when it is stored (tests call this instead of waiting). */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.drain());
    return this.writing;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const batch = this.queue.splice(0, MAX_BATCH);
      await Promise.all([this.insert(batch), this.appendToFile(batch)]);
    }
  }

  private async insert(batch: LogRecord[]): Promise<void> {
    try {
      if (!this.logs.available) return;
      await this.logs.insertBatch(batch);
    } catch {
      this.dropped += batch.length;
    }
  }

  private async appendToFile(batch: LogRecord[]): Promise<void> {
    if (!this.file) return;
    const text = batch.map(formatLine).join('');
    await this.file.append(text).catch(() => undefined);
  }
}

/** Readarr's text log layout: `2025-01-31 12:00:00.1|Info|Logger|Message`, exception on the following lines. */
export function formatLine(record: LogRecord): string {
  const time = record.time
    .toISOString()
    .replace('T', ' ')
    .replace(/(\.\d)\d*Z$/, '$1');
  const exception = record.exception ? `\n${record.exception}` : '';
  return `${time}|${record.level}|${record.logger}|${record.message}${exception}\n`;
}
