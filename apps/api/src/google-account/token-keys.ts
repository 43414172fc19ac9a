import { createHash } from 'node:crypto';

/**
 * The keys of the stored Google refresh token (token-cipher.ts). TOKEN_ENCRYPTION_KEY when set, else a key derived
 * from the session secret (config/secret-keys.ts), so a development or demo install works with nothing to set and
 * production is keyed by the secret it already requires. TOKEN_PREVIOUS_KEYS are the keys before a rotation:
 * still read, and what they sealed is sealed again with the current key (docs/integrations/google-account.md).
 */

/** How TOKEN_ENCRYPTION_KEY is written, said when it is not. */
export const TOKEN_KEY_FORMAT =
  'must be 32 random bytes as 64 hex characters or in base64, e.g. `openssl rand -hex 32`';

/** A key as the environment writes it: 64 hex characters, or base64 (or base64url) of exactly 32 bytes. */
export function parseTokenKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** TOKEN_PREVIOUS_KEYS: keys separated by commas (spaces allowed). */
export const splitKeyList = (text: string): string[] =>
  text
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);

export interface TokenKey {
  /** The first 8 hex digits of the key's SHA-256: written beside what it sealed, so the right key opens it. */
  id: string;
  key: Buffer;
}

export interface TokenKeyRing {
  current: TokenKey;
  /** Keys that may have sealed a stored token, newest first; never used to seal. */
  older: TokenKey[];
}

const keyOf = (key: Buffer): TokenKey => ({
  id: createHash('sha256').update(key).digest('hex').slice(0, 8),
  key,
});

/**
 * The ring for this start. With TOKEN_ENCRYPTION_KEY the derived key joins the older ones, so setting the variable
 * on an install that had none re-seals its token instead of losing it.
 */
export function tokenKeyRing(
  env: { TOKEN_ENCRYPTION_KEY?: string; TOKEN_PREVIOUS_KEYS?: string },
  derived: Buffer,
): TokenKeyRing {
  const explicit = env.TOKEN_ENCRYPTION_KEY ? parseTokenKey(env.TOKEN_ENCRYPTION_KEY) : null;
  const old = splitKeyList(env.TOKEN_PREVIOUS_KEYS ?? '')
    .map(parseTokenKey)
    .filter((key): key is Buffer => key !== null);
  const current = keyOf(explicit ?? derived);
  const older = [...old, ...(explicit ? [derived] : [])]
    .map(keyOf)
    .filter((key, i, all) => key.id !== current.id && all.findIndex((k) => k.id === key.id) === i);
  return { current, older };
}
