export type CircuitState = 'closed' | 'open' | 'half_open';

export interface CircuitBreakerOptions {
  /** Consecutive transient failures that open the circuit. */
  failureThreshold: number;
  /** First pause; doubled each time the trial send after a pause fails. */
  basePauseMs: number;
  maxPauseMs: number;
}

export interface CircuitSnapshot {
  state: CircuitState;
  consecutiveFailures: number;
  /** How many times in a row the circuit has opened (the pause escalates with it). */
  openings: number;
  openUntil?: Date;
}

/**
 * A per-channel circuit breaker with escalating pauses. Closed: sends go through. After
 * `failureThreshold` consecutive transient failures it opens for `basePauseMs`; when the pause is
 * over one trial send is let through (half open): success closes it and resets the pause, failure
 * opens it again for twice as long (up to `maxPauseMs`).
 */
export class CircuitBreaker {
  private consecutiveFailures = 0;
  private openings = 0;
  private openUntil = 0;
  private trialInFlight = false;

  constructor(
    private readonly options: CircuitBreakerOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): CircuitState {
    if (this.openings === 0) return 'closed';
    return this.now() < this.openUntil ? 'open' : 'half_open';
  }

  /** Whether a send may go out now; in half-open state only one trial at a time. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  /** When a blocked send may be tried again. */
  retryAt(): Date {
    return new Date(Math.max(this.openUntil, this.now()));
  }

  onSuccess(): void {
    this.consecutiveFailures = 0;
    this.openings = 0;
    this.openUntil = 0;
    this.trialInFlight = false;
  }

  /** A transient failure (a permanent one says nothing about the channel's health: call onNeutral). */
  onFailure(): void {
    this.consecutiveFailures++;
    const wasTrial = this.trialInFlight;
    this.trialInFlight = false;
    if (wasTrial || (this.openings === 0 && this.consecutiveFailures >= this.options.failureThreshold)) {
      const pause = Math.min(this.options.basePauseMs * 2 ** this.openings, this.options.maxPauseMs);
      this.openings++;
      this.openUntil = this.now() + pause;
    }
  }

  /** The send finished without telling anything about the channel (e.g. a 400 for this message). */
  onNeutral(): void {
    this.trialInFlight = false;
  }

  snapshot(): CircuitSnapshot {
    const state = this.state;
    return {
      state,
      consecutiveFailures: this.consecutiveFailures,
      openings: this.openings,
      openUntil: state === 'closed' ? undefined : new Date(this.openUntil),
    };
  }
}
