import { describeOutgoingError, outgoingDispatcher } from '../../../platform/outgoing-http/outgoing-http';
import { ChannelMessage, DeliveryChannel } from '../notification.types';

/** What a channel reports about a successful send (for the attempt record and the log). */
export interface ChannelSendOutcome {
  statusCode?: number;
  detail?: string;
}

/**
 * A failed send. `transient` failures (timeout, connection refused, 5xx, 429, SMTP 4xx) are retried
 * and count against the circuit breaker; the others (400/401/403/413, SMTP 5xx) are final.
 */
export class ChannelSendError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'ChannelSendError';
  }
}

/**
 * One delivery channel. Stateless apart from caches: everything about the target comes in `settings`
 * (a plain object), so the hub (env-derived settings) and notification connections (their own
 * settings) share the class.
 */
export interface NotificationChannel<S extends object = object> {
  readonly name: DeliveryChannel;
  /** The hub's settings, from the environment. */
  defaultSettings(): S;
  /** The first required setting that is empty (the channel is then skipped), or undefined. */
  missingSetting(settings: S): keyof S | undefined;
  /** A loggable summary of the settings, without secrets. */
  describe(settings: S): Record<string, unknown>;
  send(message: ChannelMessage, settings: S): Promise<ChannelSendOutcome>;
}

const RETRYABLE_HTTP = new Set([408, 425, 429]);

export function isTransientHttpStatus(status: number): boolean {
  return status >= 500 || RETRYABLE_HTTP.has(status);
}

/**
 * POSTs (or PUTs, when `init.method` says so) with a hard deadline (covering connect, headers and body).
 * Non-2xx answers (redirects too: they are not followed) become ChannelSendError with the status and the
 * start of the body. Through the outgoing dispatcher (proxy, certificate validation), with undici's `request` rather
 * than fetch: a fraction of fetch's CPU per request, and connections are kept alive per origin.
 */
export async function postWithDeadline(
  url: string,
  init: { headers: Record<string, string>; body: string; method?: 'POST' | 'PUT' },
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  let response: { status: number; text: string };
  try {
    response = await send(url, init, timeoutMs);
  } catch (error) {
    throw networkError(error, timeoutMs);
  }
  if (response.status >= 200 && response.status < 300) return response;
  const snippet = response.text.replace(/\s+/g, ' ').trim().slice(0, 200);
  throw new ChannelSendError(
    `HTTP ${response.status}${snippet ? `: ${snippet}` : ''}`,
    isTransientHttpStatus(response.status),
    response.status,
  );
}

class DeadlineError extends Error {
  override name = 'TimeoutError';
}

async function send(
  url: string,
  init: { headers: Record<string, string>; body: string; method?: 'POST' | 'PUT' },
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw new Error(`unsupported protocol ${target.protocol}`);
  // As fetch did: credentials in the URL are refused (and never repeated in the message).
  if (target.username || target.password) throw new Error('URL includes credentials');
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DeadlineError()), timeoutMs);
  try {
    const answer = await outgoingDispatcher().request({
      origin: target.origin,
      path: `${target.pathname}${target.search}`,
      method: init.method ?? 'POST',
      headers: init.headers,
      body: Buffer.from(init.body, 'utf8'),
      signal: deadline.signal,
    });
    return { status: answer.statusCode, text: await answer.body.text() };
  } finally {
    clearTimeout(timer);
  }
}

function networkError(error: unknown, timeoutMs: number): ChannelSendError {
  const err = error as Error & { code?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') {
    return new ChannelSendError(`timed out after ${timeoutMs} ms`, true);
  }
  return new ChannelSendError(`request failed: ${describeOutgoingError(err)}`, true);
}

/** Runs `work` with a deadline; on expiry rejects with a transient ChannelSendError. */
export function withDeadline<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ChannelSendError(`${what} timed out after ${timeoutMs} ms`, true)), timeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
