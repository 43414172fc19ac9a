import type { NextFunction, Request, Response } from 'express';

let draining = false;
const onDrain = new Set<() => void>();

/** From now on every answer closes its connection, so keep-alive clients move off this process. */
export function startDraining(): void {
  draining = true;
  onDrain.forEach((wake) => wake());
  onDrain.clear();
}

/** True once the process is stopping: background work should not start waiting for a retry. */
export const isDraining = (): boolean => draining;

/**
 * Waits `ms`, or less when the process starts stopping meanwhile (a retry's wait must not hold up a graceful
 * stop). Resolves true when the wait ran out, false when cut short.
 */
export function waitUnlessDraining(ms: number): Promise<boolean> {
  if (draining) return Promise.resolve(false);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      onDrain.delete(wake);
      resolve(true);
    }, ms);
    onDrain.add(wake);
  });
}

export function closeConnectionsWhileDraining(_req: Request, res: Response, next: NextFunction): void {
  if (draining) res.setHeader('Connection', 'close');
  next();
}
