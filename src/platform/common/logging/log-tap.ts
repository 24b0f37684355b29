import { redactSecrets } from '../http/redact-secrets';

/**
 * The bridge between pino (configured before Nest's container exists, in common/http/logging.ts) and the
 * log sink (a Nest provider that needs the database). pino writes JSON lines into the tap; lines at info and
 * above, except the per-request access lines, are parsed into records and handed to the attached consumer, or kept (bounded) until one attaches.
 */
export interface LogRecord {
  time: Date;
  level: LogLevelName;
  logger: string;
  message: string;
  exception?: string;
  exceptionType?: string;
  method?: string;
}

export type LogLevelName = 'Trace' | 'Debug' | 'Info' | 'Warn' | 'Error' | 'Fatal';

const LEVEL_NAMES: Record<number, LogLevelName> = {
  10: 'Trace',
  20: 'Debug',
  30: 'Info',
  40: 'Warn',
  50: 'Error',
  60: 'Fatal',
};

const MAX_PENDING = 1_000;

/** Removes secrets from a message before it is stored (the shared redaction, see common/http/redact-secrets.ts). */
export const scrubSecrets = redactSecrets;

export class LogTap {
  private pending: LogRecord[] = [];
  private consumer?: (record: LogRecord) => void;

  /** pino's stream interface: one JSON line per call. */
  write(line: string): void {
    const record = parseLine(line);
    if (!record) return;
    if (this.consumer) {
      this.consumer(record);
      return;
    }
    if (this.pending.length >= MAX_PENDING) this.pending.shift();
    this.pending.push(record);
  }

  attach(consumer: (record: LogRecord) => void): void {
    this.consumer = consumer;
    const pending = this.pending;
    this.pending = [];
    for (const record of pending) consumer(record);
  }

  detach(): void {
    this.consumer = undefined;
  }
}

const taps = new WeakMap<object, LogTap>();

/** One tap per application instance (keyed by its EnvService), so several apps in one process stay apart. */
export function logTapFor(owner: object): LogTap {
  let tap = taps.get(owner);
  if (!tap) {
    tap = new LogTap();
    taps.set(owner, tap);
  }
  return tap;
}

interface PinoLine {
  level?: number;
  time?: number;
  msg?: unknown;
  context?: unknown;
  err?: { type?: string; message?: string; stack?: string };
  stack?: unknown;
  method?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
}

export function parseLine(line: string): LogRecord | undefined {
  let parsed: PinoLine;
  try {
    parsed = JSON.parse(line) as PinoLine;
  } catch {
    return undefined;
  }
  const level = LEVEL_NAMES[parsed.level ?? 0];
  if (!level || (parsed.level ?? 0) < 30) return undefined;
  // pino-http's access line (one per request, the only line with `res`) stays on stdout: the log table and
  // files hold what the application did, as Readarr's do. Failures worth keeping are logged by the error filter.
  if (parsed.res !== undefined) return undefined;
  const message =
    typeof parsed.msg === 'string'
      ? parsed.msg
      : parsed.msg === undefined
        ? structuredMessage(parsed as Record<string, unknown>)
        : JSON.stringify(parsed.msg);
  const logger = typeof parsed.context === 'string' ? parsed.context : 'Quire';
  const stack = parsed.err?.stack ?? (typeof parsed.stack === 'string' ? parsed.stack : undefined);
  return {
    time: new Date(parsed.time ?? Date.now()),
    level,
    logger: logger.slice(0, 200),
    message: scrubSecrets(message),
    exception: stack ? scrubSecrets(stack) : undefined,
    exceptionType: parsed.err?.type?.slice(0, 200),
    method: typeof parsed.method === 'string' && !parsed.req ? parsed.method.slice(0, 200) : undefined,
  };
}

/** pino's own fields and those read above; the rest of a line is what its author logged. */
const LINE_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'context',
  'err',
  'stack',
  'method',
  'req',
  'res',
]);

/**
 * A message for a line logged as an object without text (the hub's structured events):
 * `notify.received notification_id=… source_agent=…`, so the log table and files say what happened.
 */
function structuredMessage(line: Record<string, unknown>): string {
  const parts: string[] = typeof line.event === 'string' ? [line.event] : [];
  for (const [key, value] of Object.entries(line)) {
    if (LINE_FIELDS.has(key) || key === 'event' || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return parts.join(' ');
}
