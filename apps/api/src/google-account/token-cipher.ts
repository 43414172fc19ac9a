import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TokenKeyRing } from './token-keys';

/**
 * AES-256-GCM sealing of a token at rest: `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). The key id
 * names which key of the ring sealed it; `purpose` is bound as additional data, so a sealed value copied into another
 * column does not open there. A wrong key or a changed byte fails the tag check.
 */
export function sealToken(plain: string, ring: TokenKeyRing, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
  return ['v1', ring.current.id, ...parts].join('.');
}

export interface OpenedToken {
  value: string;
  /** Sealed with an older key: seal it again with the current one. */
  stale: boolean;
}

/** The token, or undefined when no key of the ring sealed it (the key was lost) or it was changed. */
export function openToken(sealed: string, ring: TokenKeyRing, purpose: string): OpenedToken | undefined {
  const [version, keyId, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !keyId || !iv || !tag || data === undefined) return undefined;
  const key = [ring.current, ...ring.older].find((candidate) => candidate.id === keyId);
  if (!key) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const value = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
    return { value, stale: key !== ring.current };
  } catch {
    return undefined;
  }
}
