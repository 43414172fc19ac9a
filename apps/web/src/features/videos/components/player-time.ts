/**
 * The playing video's time (seconds), as the player's own `infoDelivery` messages report it a few times a second,
 * for what follows it (the transcript's current paragraph). A store outside React: a report re-renders only the
 * components that read it, and only when what they read of it changes (`useSyncExternalStore`), never the page.
 */
export interface PlayerTime {
  /** The last time reported, or null before the player reports one. */
  get(): number | null;
  set(seconds: number | null): void;
  subscribe(listener: () => void): () => void;
}

export function createPlayerTime(): PlayerTime {
  let seconds: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => seconds,
    set(next) {
      if (next === seconds) return;
      seconds = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
