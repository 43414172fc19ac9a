import type { GoogleConnectAttempt } from '@app/contracts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import 'express-session';

/** How long the consent page may take: a `state` older than this is refused. */
export const CONNECT_TTL_MS = 10 * 60 * 1000;

/** A connection started from the dashboard, waiting for Google's redirect (kept in the admin's session only). */
export interface PendingConnect {
  /** The `state` sent to Google: random, used once. */
  state: string;
  /** PKCE's code verifier: only its S256 challenge went to Google. */
  codeVerifier: string;
  /** The exact redirect URI sent, which the code exchange must repeat. */
  redirectUri: string;
  scopes: string[];
  startedAt: number;
}

declare module 'express-session' {
  interface SessionData {
    /** The Google connection this session started and has not finished (one at a time: a new one replaces it). */
    googleConnect?: PendingConnect;
    /** How this session's last connection attempt ended, for the card to say. */
    googleAttempt?: GoogleConnectAttempt;
  }
}

export const newState = (): string => randomBytes(32).toString('base64url');

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * The pending connection `state` names: the session's own, not expired. Undefined when there is none, it is another
 * one (a forged or replayed redirect) or it expired. The caller removes it from the session first: used once.
 */
export function matchPending(
  pending: PendingConnect | undefined,
  state: unknown,
  now: number,
): PendingConnect | undefined {
  if (!pending || typeof state !== 'string' || !same(pending.state, state)) return undefined;
  return now - pending.startedAt <= CONNECT_TTL_MS ? pending : undefined;
}
