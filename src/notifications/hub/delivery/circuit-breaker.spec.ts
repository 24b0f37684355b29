import { retryDelayMs } from './backoff';
import { CircuitBreaker } from './circuit-breaker';

describe('CircuitBreaker', () => {
  let now = 0;
  const clock = () => now;
  const make = () => new CircuitBreaker({ failureThreshold: 3, basePauseMs: 1000, maxPauseMs: 5000 }, clock);

  beforeEach(() => (now = 1_000_000));

  it('stays closed below the threshold and a success resets the count', () => {
    const breaker = make();
    breaker.onFailure();
    breaker.onFailure();
    breaker.onSuccess();
    breaker.onFailure();
    breaker.onFailure();
    expect(breaker.state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('opens after the threshold, lets one trial through after the pause, and escalates the pause', () => {
    const breaker = make();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
    expect(breaker.retryAt().getTime()).toBe(now + 1000);

    now += 1000;
    expect(breaker.state).toBe('half_open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false); // one trial at a time
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.retryAt().getTime()).toBe(now + 2000);

    now += 2000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onFailure();
    expect(breaker.retryAt().getTime()).toBe(now + 4000);

    now += 4000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onFailure();
    expect(breaker.retryAt().getTime()).toBe(now + 5000); // capped

    now += 5000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onSuccess();
    expect(breaker.snapshot()).toEqual({ state: 'closed', consecutiveFailures: 0, openings: 0, openUntil: undefined });
  });

  it('a neutral result (permanent error) frees the trial without changing the state', () => {
    const breaker = make();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    now += 1000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onNeutral();
    expect(breaker.state).toBe('half_open');
    expect(breaker.tryAcquire()).toBe(true);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base up to the cap, within ±20 %', () => {
    const exact = () => 0.5; // no jitter
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 100, 1000, exact))).toEqual([100, 200, 400, 800, 1000]);
    expect(retryDelayMs(1, 100, 1000, () => 0)).toBe(80);
    expect(retryDelayMs(1, 100, 1000, () => 0.9999)).toBe(120);
    expect(retryDelayMs(10, 100, 1000, () => 0.9999)).toBe(1000);
  });
});
