import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
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

// Kept-alive connections: a new TCP (and TLS) connection per notification costs more than the post itself.
// Idle sockets are closed after a few seconds, before servers usually drop them (undici's default too).
const AGENT_OPTIONS = { keepAlive: true, timeout: 4_000 };
const httpAgent = new HttpAgent(AGENT_OPTIONS);
const httpsAgent = new HttpsAgent(AGENT_OPTIONS);

/**
 * POSTs (or PUTs, when `init.method` says so) with a hard deadline (covering connect, headers and body).
 * Non-2xx answers (redirects too: they are not followed) become ChannelSendError with the status and the
 * start of the body. node:http rather than fetch: a fraction of fetch's CPU per request.
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

function send(
  url: string,
  init: { headers: Record<string, string>; body: string; method?: 'POST' | 'PUT' },
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') throw new Error(`unsupported protocol ${target.protocol}`);
    // As fetch did: credentials in the URL are refused (and never repeated in the message).
    if (target.username || target.password) throw new Error('URL includes credentials');
    const body = Buffer.from(init.body, 'utf8');
    const request = (secure ? httpsRequest : httpRequest)(
      target,
      {
        method: init.method ?? 'POST',
        headers: { ...init.headers, 'Content-Length': String(body.length) },
        agent: secure ? httpsAgent : httpAgent,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', fail);
        answer.on('end', () => {
          clearTimeout(timer);
          resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    const timer = setTimeout(() => {
      reject(new DeadlineError());
      request.destroy();
    }, timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on('error', fail);
    request.end(body);
  });
}

function networkError(error: unknown, timeoutMs: number): ChannelSendError {
  const err = error as Error & { code?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') {
    return new ChannelSendError(`timed out after ${timeoutMs} ms`, true);
  }
  const cause = err.cause?.code ?? err.code ?? err.cause?.message ?? err.message;
  return new ChannelSendError(`request failed: ${cause}`, true);
}

/** Runs `work` with a deadline; on expiry rejects with a transient ChannelSendError. */
export function withDeadline<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ChannelSendError(`${what} timed out after ${timeoutMs} ms`, true)), timeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
