import type { Env } from '../config/env';

/** Why a production server without PUBLIC_URL sends no e-mail (the test e-mail and the deliveries say it). */
export const EMAIL_NEEDS_PUBLIC_URL =
  "e-mail is off in production until PUBLIC_URL is set (an e-mail's links must name the site's own address)";

/**
 * The origin of every link an e-mail holds (the newsletter's confirm and unsubscribe links, List-Unsubscribe):
 * PUBLIC_URL; outside production without it, the address the API is configured to listen on (HOST and PORT; it
 * answers those links itself). Never a request's Host or X-Forwarded-Host: a stranger who named their own host
 * would receive the tokens of the links a victim clicks. Null in production without PUBLIC_URL: the site then
 * sends no e-mail at all (EmailService).
 */
export function emailLinkOrigin(env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL' | 'HOST' | 'PORT'>): string | null {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  if (env.NODE_ENV === 'production') return null;
  // Listening on every interface: this machine's own name reaches it.
  const host = ['0.0.0.0', '::', '[::]'].includes(env.HOST) ? 'localhost' : env.HOST;
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new URL(`http://${bracketed}:${env.PORT}`).origin;
}
