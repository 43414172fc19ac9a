import type { Request } from 'express';
import { ipPrefix } from '../common/ip-prefix';

/** Who did something and from where, as the audit log keeps it. */
export interface AuditActor {
  actor: string;
  ipPrefix: string;
}

/** The server itself (a start-up reset, a scheduled job): no request. */
export const SYSTEM_ACTOR: AuditActor = { actor: 'system', ipPrefix: '' };

/** The signed-in admin of a request (or `username`, the name a failed sign-in tried), with the request's network. */
export function actorOf(req: Request, username?: string): AuditActor {
  return {
    actor: (username ?? req.user?.username ?? 'unknown').slice(0, 64),
    ipPrefix: ipPrefix(req.ip),
  };
}
