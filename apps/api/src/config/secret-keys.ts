import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Env } from './env';

/** Injection token of the keys derived from SESSION_SECRET. */
export const SECRET_KEYS = Symbol('SECRET_KEYS');

/**
 * One key per use, each derived from SESSION_SECRET with HKDF-SHA256 and never stored, so a key learnt from one
 * use (a signed cookie, a newsletter link) tells nothing about the others or the secret.
 */
export interface SecretKeys {
  /** Signs the session cookie (express-session's secret). */
  cookie: string;
  /** HMAC of the newsletter's confirm and unsubscribe links. */
  newsletterLinks: Buffer;
  /** AES-256-GCM key sealing the admin's TOTP secret at rest. */
  twoFactor: Buffer;
  /** AES-256-GCM key sealing the Google refresh token at rest, unless TOKEN_ENCRYPTION_KEY is set (google-account/token-keys.ts). */
  googleRefreshToken: Buffer;
  /** HMAC of the sponsor report links (sponsorships/sponsor-report-tokens.ts). */
  sponsorReportLinks: Buffer;
}

const derive = (secret: string, use: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'channel-site', use, 32));

export function deriveSecretKeys(secret: string): SecretKeys {
  return {
    cookie: derive(secret, 'session-cookie').toString('base64url'),
    newsletterLinks: derive(secret, 'newsletter-links'),
    twoFactor: derive(secret, 'admin-two-factor-secret'),
    googleRefreshToken: derive(secret, 'google-refresh-token'),
    sponsorReportLinks: derive(secret, 'sponsor-report-links'),
  };
}

/** Where a development start keeps the secret it made: beside the SQLite file, in the data directory. */
export const developmentSecretPath = (env: Pick<Env, 'SQLITE_PATH'>) =>
  join(dirname(resolve(env.SQLITE_PATH)), 'session-secret');

/**
 * SESSION_SECRET, or outside production (which requires it) a random secret made on the first start and kept in
 * the data directory (readable by its owner only), so every development install has its own and restarts keep
 * sessions, two-factor secrets and newsletter links working. Several processes starting at once agree on one.
 */
export function sessionSecretOf(env: Pick<Env, 'SESSION_SECRET' | 'SQLITE_PATH'>): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const path = developmentSecretPath(env);
  mkdirSync(dirname(path), { recursive: true });
  // Written whole to a file of its own, then linked into place: another process sees the whole secret or none.
  if (!existsSync(path)) {
    const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(draft, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  const stored = readFileSync(path, 'utf8').trim();
  if (stored.length < 32) throw new Error(`${path}: not a session secret; delete it to make a new one`);
  return stored;
}
