import type { Response } from 'express';
import { HUB_LIMITS, HubTransport } from './hub-connection';

/** How long a poll waits for frames before answering empty (ASP.NET's default; the client waits 100 s). */
export const POLL_TIMEOUT_MS = 90_000;

/**
 * The long-polling transport of one connection: frames queue here until the client's next GET takes
 * them. Bounded: a client that stops polling while frames pile up is dropped as a slow consumer.
 */
export class LongPollingTransport implements HubTransport {
  readonly kind = 'LongPolling' as const;
  private frames: string[] = [];
  private waiting?: { response: Response; timer: NodeJS.Timeout };
  private polled = false;
  private closed = false;
  /** When the last poll ended (or the transport began), for the idle sweep. */
  lastPollEnded = Date.now();

  get polling(): boolean {
    return this.waiting !== undefined;
  }

  send(text: string): boolean {
    if (this.closed) return false;
    if (this.frames.length >= HUB_LIMITS.maxQueuedFrames) return false;
    this.frames.push(text);
    if (this.waiting) this.answer(this.waiting.response, 200);
    return true;
  }

  close(): void {
    this.closed = true;
    if (this.waiting) this.answer(this.waiting.response, this.frames.length > 0 ? 200 : 204);
  }

  /** A GET from the client: frames now, or wait for them (the first poll answers at once, as ASP.NET does). */
  poll(response: Response): void {
    if (this.waiting) this.answer(this.waiting.response, 200); // a newer poll replaces an older one
    if (!this.polled || this.frames.length > 0 || this.closed) {
      this.polled = true;
      return this.answer(response, this.closed && this.frames.length === 0 ? 204 : 200);
    }
    const timer = setTimeout(() => this.answer(response, 200), POLL_TIMEOUT_MS);
    timer.unref();
    this.waiting = { response, timer };
    response.on('close', () => {
      if (this.waiting?.response === response) {
        clearTimeout(this.waiting.timer);
        this.waiting = undefined;
        this.lastPollEnded = Date.now();
      }
    });
  }

  private answer(response: Response, status: 200 | 204): void {
    if (this.waiting?.response === response) {
      clearTimeout(this.waiting.timer);
      this.waiting = undefined;
    }
    this.lastPollEnded = Date.now();
    if (response.headersSent || response.writableEnded) return;
    // Set directly: the app folds 204 into 200 elsewhere, but 204 is what tells the client the connection ended.
    response.statusCode = status;
    response.setHeader('Cache-Control', 'no-cache, no-store');
    if (status === 204) return void response.end();
    const body = this.frames.join('');
    this.frames = [];
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.end(body);
  }
}
