/**
 * Points per key per window, counted in memory the way rate-limiter-flexible's RateLimiterMemory counts them (the
 * window of a key starts at its first use; every take counts, and one that goes over the points is refused), but
 * synchronous and without a timer per key: keys live in two maps swapped every window, so a key is forgotten one
 * to two windows after its first use, once its window is over. Under an analytics flood (every beacon a new
 * visitor) RateLimiterMemory kept a promise, a record and a timer per key for a minute, and the collector paid for
 * them in long pauses of the API's one thread (docs/benchmarks.md, analytics flood).
 */
export class WindowLimiter {
  private current = new Map<string, { until: number; used: number }>();
  private previous = new Map<string, { until: number; used: number }>();
  private swapAt: number | undefined;

  constructor(
    private readonly points: number,
    private readonly windowMs: number,
  ) {}

  /** Counts `points` for `key` at time `now`; false when the window's count is then over the points. */
  take(key: string, points: number, now: number): boolean {
    if (this.swapAt === undefined) this.swapAt = now + this.windowMs;
    else if (now >= this.swapAt) {
      // Everything in `previous` started at least a window ago: over. What is in `current` may still run.
      this.previous = now >= this.swapAt + this.windowMs ? new Map() : this.current;
      this.current = new Map();
      this.swapAt = now + this.windowMs;
    }
    let entry = this.current.get(key);
    if (!entry) {
      entry = this.previous.get(key);
      if (entry) this.previous.delete(key);
      if (!entry || now >= entry.until) entry = { until: now + this.windowMs, used: 0 };
      this.current.set(key, entry);
    } else if (now >= entry.until) {
      entry.until = now + this.windowMs;
      entry.used = 0;
    }
    entry.used += points;
    return entry.used <= this.points;
  }

  /** Keys held (for the tests: what a flood leaves in memory). */
  get size(): number {
    return this.current.size + this.previous.size;
  }
}
