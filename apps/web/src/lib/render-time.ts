import { useState } from 'react';

let renderedAt: number | undefined;

/**
 * The moment relative dates ("3 days ago") count from, fixed for a component's life. A page the server rendered
 * hydrates with the time the server rendered it at, however late its app starts (at the first click, maybe minutes
 * later): a date that crossed a day in between made the text differ, React then threw the server's HTML away and
 * drew the page again (every image fetched again). Components mounted later take the clock.
 */
export function useRenderTime(): number {
  const [now] = useState(() => renderedAt ?? Date.now());
  return now;
}

/** Renders (synchronously, on the server) with {@link useRenderTime} at `time`. */
export function renderAt<T>(time: number, render: () => T): T {
  renderedAt = time;
  try {
    return render();
  } finally {
    renderedAt = undefined;
  }
}

/** Hydrates with {@link useRenderTime} at the server's `time` until {@link hydrated}. */
export function hydrateAt(time: number | undefined): void {
  renderedAt = time;
}

/** The page is hydrated (or was rendered by the browser): components mounted from now on take the clock. */
export function hydrated(): void {
  renderedAt = undefined;
}
