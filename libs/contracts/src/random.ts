/**
 * mulberry32: a tiny seeded generator of numbers in [0, 1), so generated content (the demo channel and
 * its analytics history, the fake YouTube's channel, test event logs) is the same on every machine and run.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
