import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** Every environment variable Quire reads. Defaults live here, nowhere else. */
export class EnvSchema {
  /** 0 asks the system for any free port; the "Quire listening on" line says which one it got. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 0 and 65535' })
  @Min(0, { message: 'must be an integer between 0 and 65535' })
  @Max(65535, { message: 'must be an integer between 0 and 65535' })
  PORT: number = 8787;

  @IsString()
  @Matches(/^[0-9a-fA-F:.*]+$|^localhost$/, { message: 'must be an IP address, "*" or "localhost"' })
  BIND_ADDRESS: string = '0.0.0.0';

  @IsString()
  @Matches(/^$|^\/[A-Za-z0-9._~\-/]*[A-Za-z0-9._~-]$/, {
    message: 'must be empty or a path starting with "/" and not ending with "/" (e.g. /quire)',
  })
  URL_BASE: string = '';

  @IsString()
  @MinLength(1)
  DATA_DIR: string = './data';

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9]{20,}$/, { message: 'must be at least 20 letters or digits' })
  API_KEY?: string;

  @IsIn(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  @IsIn(['production', 'development', 'test'], { message: 'must be production, development or test' })
  NODE_ENV: 'production' | 'development' | 'test' = 'production';

  @IsString()
  @MinLength(1)
  INSTANCE_NAME: string = 'Quire';

  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 1 and 16' })
  @Min(1, { message: 'must be an integer between 1 and 16' })
  @Max(16, { message: 'must be an integer between 1 and 16' })
  COMMAND_CONCURRENCY: number = 3;

  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 10 and 60000' })
  @Min(10, { message: 'must be an integer between 10 and 60000' })
  @Max(60000, { message: 'must be an integer between 10 and 60000' })
  COMMAND_POLL_INTERVAL_MS: number = 1000;

  /** How long the library watcher waits for the disk to go quiet before it rescans the changed author folders. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 100 and 300000' })
  @Min(100, { message: 'must be an integer between 100 and 300000' })
  @Max(300_000, { message: 'must be an integer between 100 and 300000' })
  LIBRARY_WATCH_DEBOUNCE_MS: number = 5000;

  /** Open live-push (SignalR) connections per process; one more is refused with 503. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 1 and 100000' })
  @Min(1, { message: 'must be an integer between 1 and 100000' })
  @Max(100_000, { message: 'must be an integer between 1 and 100000' })
  PUSH_MAX_CONNECTIONS: number = 500;

  /** A process whose heartbeat is older than this is dead: its running commands become `orphaned`. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 1000 and 3600000' })
  @Min(1000, { message: 'must be an integer between 1000 and 3600000' })
  @Max(3_600_000, { message: 'must be an integer between 1000 and 3600000' })
  COMMAND_WORKER_TIMEOUT_MS: number = 60_000;

  /** How long shutdown waits for running commands before abandoning them. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 0 and 600000' })
  @Min(0, { message: 'must be an integer between 0 and 600000' })
  @Max(600_000, { message: 'must be an integer between 0 and 600000' })
  COMMAND_SHUTDOWN_GRACE_MS: number = 10_000;

  /** How often the scheduler looks for due scheduled tasks. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 100 and 600000' })
  @Min(100, { message: 'must be an integer between 100 and 600000' })
  @Max(600_000, { message: 'must be an integer between 100 and 600000' })
  SCHEDULER_TICK_MS: number = 15_000;

  /** Memory for whole-library answers (GET /author, GET /book) kept until the library changes; 0 = none. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 0 and 4096' })
  @Min(0, { message: 'must be an integer between 0 and 4096' })
  @Max(4096, { message: 'must be an integer between 0 and 4096' })
  RESPONSE_CACHE_MB: number = 128;

  /**
   * The embedded database's shared buffers. PGlite's 128 MB default lives in its WebAssembly heap, which
   * never shrinks; 32 MB kept peak RSS about 130 MB lower in the benchmark at the same speed (files are
   * still cached by the OS).
   */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 1 and 4096' })
  @Min(1, { message: 'must be an integer between 1 and 4096' })
  @Max(4096, { message: 'must be an integer between 1 and 4096' })
  EMBEDDED_SHARED_BUFFERS_MB: number = 32;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  METADATA_SOURCE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  COVER_SOURCE_URL?: string;

  // Fixed addresses of notification services (docs/configuration.md): only tests point them elsewhere.
  @IsString()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  NOTIFIARR_URL: string = 'https://notifiarr.com';

  @IsString()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  TELEGRAM_API_URL: string = 'https://api.telegram.org';

  @IsString()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  PUSHOVER_API_URL: string = 'https://api.pushover.net';

  // Notification hub (docs/notification-hub.md)
  @IsString()
  HUB_SMTP_HOST: string = 'smtp-relay';

  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 1 and 65535' })
  @Min(1, { message: 'must be an integer between 1 and 65535' })
  @Max(65535, { message: 'must be an integer between 1 and 65535' })
  HUB_SMTP_PORT: number = 25;

  @IsString()
  HUB_SMTP_FROM: string = 'quire@localhost';

  @IsString()
  HUB_SMTP_TO: string = '';

  @IsString()
  HUB_SMTP_USER: string = '';

  @IsString()
  HUB_SMTP_PASSWORD: string = '';

  @IsString()
  @Matches(/^$|^https?:\/\/\S+$/, { message: 'must be empty or an http(s) URL' })
  HUB_NTFY_URL: string = '';

  @IsString()
  @Matches(/^[-_A-Za-z0-9]{1,64}$/, { message: 'must be 1-64 letters, digits, "-" or "_"' })
  HUB_NTFY_TOPIC: string = 'quire';

  @IsString()
  HUB_NTFY_TOKEN: string = '';

  @IsString()
  @Matches(/^$|^https?:\/\/\S+$/, { message: 'must be empty or an http(s) URL' })
  HUB_HA_WEBHOOK_URL: string = '';

  @IsString()
  @MinLength(1)
  HUB_ROUTES_FILE: string = '/etc/quire/notification-routes.yaml';

  @IsString()
  HUB_API_TOKEN: string = '';

  // Notification hub tuning (channel timeouts; retry and circuit-breaker pacing). Tests shorten them.
  /** Deadline of one email send. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 10 and 600000' })
  @Min(10, { message: 'must be an integer between 10 and 600000' })
  @Max(600_000, { message: 'must be an integer between 10 and 600000' })
  HUB_EMAIL_TIMEOUT_MS: number = 15_000;

  /** Deadline of one ntfy request. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 10 and 600000' })
  @Min(10, { message: 'must be an integer between 10 and 600000' })
  @Max(600_000, { message: 'must be an integer between 10 and 600000' })
  HUB_NTFY_TIMEOUT_MS: number = 10_000;

  /** Deadline of one Home Assistant webhook request. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 10 and 600000' })
  @Min(10, { message: 'must be an integer between 10 and 600000' })
  @Max(600_000, { message: 'must be an integer between 10 and 600000' })
  HUB_HA_TTS_TIMEOUT_MS: number = 10_000;

  /** Attempts per channel delivery, the first one included (1 = no background retry). */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 1 and 50' })
  @Min(1, { message: 'must be an integer between 1 and 50' })
  @Max(50, { message: 'must be an integer between 1 and 50' })
  HUB_RETRY_MAX_ATTEMPTS: number = 6;

  /** Delay before the first retry; doubled for each further one (with ±20 % jitter). */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 10 and 86400000' })
  @Min(10, { message: 'must be an integer between 10 and 86400000' })
  @Max(86_400_000, { message: 'must be an integer between 10 and 86400000' })
  HUB_RETRY_BASE_DELAY_MS: number = 30_000;

  /** Upper bound of the retry delay. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 10 and 86400000' })
  @Min(10, { message: 'must be an integer between 10 and 86400000' })
  @Max(86_400_000, { message: 'must be an integer between 10 and 86400000' })
  HUB_RETRY_MAX_DELAY_MS: number = 3_600_000;

  /** How often the retry worker looks for due deliveries. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 10 and 600000' })
  @Min(10, { message: 'must be an integer between 10 and 600000' })
  @Max(600_000, { message: 'must be an integer between 10 and 600000' })
  HUB_RETRY_POLL_INTERVAL_MS: number = 5_000;

  /** Consecutive transient failures of a channel that open its circuit breaker. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 1 and 1000' })
  @Min(1, { message: 'must be an integer between 1 and 1000' })
  @Max(1000, { message: 'must be an integer between 1 and 1000' })
  HUB_BREAKER_FAILURE_THRESHOLD: number = 5;

  /** First pause of an open breaker; doubled each time a trial send fails again. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 10 and 86400000' })
  @Min(10, { message: 'must be an integer between 10 and 86400000' })
  @Max(86_400_000, { message: 'must be an integer between 10 and 86400000' })
  HUB_BREAKER_BASE_PAUSE_MS: number = 30_000;

  /** Longest pause of an open breaker. */
  @Transform(toInt)
  @IsInt({ message: 'must be an integer between 10 and 86400000' })
  @Min(10, { message: 'must be an integer between 10 and 86400000' })
  @Max(86_400_000, { message: 'must be an integer between 10 and 86400000' })
  HUB_BREAKER_MAX_PAUSE_MS: number = 600_000;

  /**
   * Comma-separated absolute folders the `/api/v1/filesystem` browser may show (empty: the whole file system
   * except system folders such as /proc, /sys and /dev).
   */
  @IsString()
  @Matches(/^$|^\/[^,]*(,\s*\/[^,]*)*$/, { message: 'must be empty or a comma-separated list of absolute paths' })
  FILESYSTEM_ROOTS: string = '';
}
