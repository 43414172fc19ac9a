import { WindowLimiter } from './window-limiter';

describe('WindowLimiter', () => {
  it('allows the points of a window per key, counting refused takes as RateLimiterMemory did', () => {
    const limiter = new WindowLimiter(120, 60_000);
    expect(limiter.take('a', 100, 0)).toBe(true);
    expect(limiter.take('a', 20, 1)).toBe(true);
    expect(limiter.take('a', 1, 2)).toBe(false);
    // Another key has its own window.
    expect(limiter.take('b', 120, 3)).toBe(true);
    // A refused take still counts: a batch that went over leaves the key over for the rest of its window.
    const strict = new WindowLimiter(10, 60_000);
    expect(strict.take('k', 8, 0)).toBe(true);
    expect(strict.take('k', 5, 1)).toBe(false);
    expect(strict.take('k', 1, 2)).toBe(false);
  });

  it("starts a key's window at its first use and a new one once it is over", () => {
    const limiter = new WindowLimiter(10, 60_000);
    expect(limiter.take('a', 10, 30_000)).toBe(true);
    expect(limiter.take('a', 1, 89_999)).toBe(false);
    expect(limiter.take('a', 10, 90_000)).toBe(true);
    expect(limiter.take('a', 1, 149_999)).toBe(false);
  });

  it('keeps a running window across the swap of its maps and forgets keys whose window is over', () => {
    const limiter = new WindowLimiter(10, 60_000);
    limiter.take('old', 1, 0);
    limiter.take('late', 10, 59_000);
    // The maps swap at 60 s: "late" (until 119 s) is still counted, "old" is over.
    expect(limiter.take('late', 1, 61_000)).toBe(false);
    expect(limiter.take('old', 10, 61_000)).toBe(true);
    // Two windows on without a use, every key is forgotten.
    for (let i = 0; i < 1000; i++) limiter.take(`flood-${i}`, 1, 62_000);
    expect(limiter.size).toBe(1002);
    limiter.take('x', 1, 190_000);
    limiter.take('x', 1, 260_000);
    expect(limiter.size).toBe(1);
  });
});
