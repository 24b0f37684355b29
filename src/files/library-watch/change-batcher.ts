import type { WatchedChange } from './watch-changes';

/**
 * Collects changes until the disk has been quiet for `quietMs`, then hands them over at once, so copying fifty
 * files gives one batch, not fifty. A copy that never pauses is still handed over every `maxWaitMs`.
 */
export class ChangeBatcher {
  private readonly pending = new Map<string, string>();
  private timer?: NodeJS.Timeout;
  private firstAt?: number;

  constructor(
    private readonly quietMs: number,
    private readonly maxWaitMs: number,
    private readonly deliver: (changes: WatchedChange[]) => void,
    private readonly now: () => number = Date.now,
  ) {}

  add(change: WatchedChange): void {
    this.pending.set(change.path, change.root);
    this.firstAt ??= this.now();
    clearTimeout(this.timer);
    const untilMax = Math.max(0, this.firstAt + this.maxWaitMs - this.now());
    this.timer = setTimeout(() => this.flush(), Math.min(this.quietMs, untilMax));
  }

  /** Hands over what is pending now (nothing when empty). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.firstAt = undefined;
    if (this.pending.size === 0) return;
    const changes = [...this.pending].map(([path, root]) => ({ path, root }));
    this.pending.clear();
    this.deliver(changes);
  }

  /** Forgets what is pending, e.g. when watching stops. */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.firstAt = undefined;
    this.pending.clear();
  }
}
