import type { NextFunction, Request, Response } from 'express';

let draining = false;

/** From now on every answer closes its connection, so keep-alive clients move off this process. */
export function startDraining(): void {
  draining = true;
}

export function closeConnectionsWhileDraining(_req: Request, res: Response, next: NextFunction): void {
  if (draining) res.setHeader('Connection', 'close');
  next();
}
