/**
 * A token bucket: `ratePerMinute` tokens refill evenly over a minute, at most `burst` are saved up.
 * `take()` resolves when a token is available; waiters are served in arrival order.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private ratePerMinute: number,
    private burst: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Changes the rate (settings may change at run time); saved tokens are kept up to the new burst. */
  configure(ratePerMinute: number, burst: number): void {
    if (ratePerMinute === this.ratePerMinute && burst === this.burst) return;
    this.refill();
    this.ratePerMinute = ratePerMinute;
    this.burst = burst;
    this.tokens = Math.min(this.tokens, burst);
  }

  take(): Promise<void> {
    const turn = this.queue.then(() => this.waitForToken());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async waitForToken(): Promise<void> {
    for (;;) {
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      const perMs = this.ratePerMinute / 60_000;
      await this.sleep(Math.max(1, Math.ceil((1 - this.tokens) / perMs)));
    }
  }

  private refill(): void {
    const now = this.now();
    const elapsed = Math.max(0, now - this.last);
    this.last = now;
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.ratePerMinute) / 60_000);
  }
}
