/**
 * Runs tasks at most `perTurn` in each turn of the event loop (in setImmediate, after the turn's I/O), oldest
 * first. The analytics beacons go through one (eventsFastPath): nobody waits for a beacon's answer, somebody waits
 * for a page's. Without it, under a flood of beacons every turn of the API's one thread parses, checks and answers every
 * beacon that has arrived (50 connections: about 50 beacons, 30 ms and more a turn), and a public read that comes
 * in meanwhile waits for all of them; with it, for `perTurn` at most. A flooding client that waits for its
 * answers (every HTTP client does) is slowed down to what the queue answers; beyond `maxWaiting` waiting tasks
 * (clients that pipeline without waiting) a task runs at once, so the queue never grows without bound
 * and every task still runs.
 */
export class TurnQueue {
  private readonly waiting: (() => void)[] = [];
  private head = 0;
  private scheduled = false;

  constructor(
    private readonly perTurn: number,
    private readonly maxWaiting: number,
  ) {}

  /** Tasks queued and not run yet. */
  get size(): number {
    return this.waiting.length - this.head;
  }

  run(task: () => void): void {
    if (this.size >= this.maxWaiting) return task();
    this.waiting.push(task);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.drain);
    }
  }

  private readonly drain = (): void => {
    this.scheduled = false;
    try {
      for (let n = 0; n < this.perTurn && this.head < this.waiting.length; n++) {
        const task = this.waiting[this.head];
        this.waiting[this.head++] = undefined as unknown as () => void;
        task();
      }
    } finally {
      // A task that threw leaves the others to the next turn.
      if (this.head === this.waiting.length) {
        this.waiting.length = 0;
        this.head = 0;
      } else if (this.head > 1024) {
        this.waiting.splice(0, this.head);
        this.head = 0;
      }
      if (this.size > 0 && !this.scheduled) {
        this.scheduled = true;
        setImmediate(this.drain);
      }
    }
  };
}
