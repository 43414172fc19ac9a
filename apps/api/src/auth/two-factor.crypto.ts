import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

/** How many recovery codes an enrolment (or a regeneration) hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** 32 letters and digits, without the look-alikes 0/o and 1/l: 5 bits a character. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/**
 * 24 characters = 120 bits: at least 112 bits lets a plain SHA-256 hash stand for a password hash
 * (OWASP ASVS 5.0, 6.5.2), so a code is found with one indexed lookup.
 */
const RECOVERY_CODE_LENGTH = 24;

/** AES-256-GCM with the key `SecretKeys.twoFactor` (config/secret-keys.ts): `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function sealSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The secret, or undefined when it was sealed with another key (SESSION_SECRET changed) or is damaged. */
export function openSecret(sealed: string, key: Buffer): string | undefined {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}

/** A code from the authenticator app: 6 digits (spaces allowed, as some apps show `123 456`). */
export function totpCodeOf(code: string): string | undefined {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** `abcd-efgh-…`: 6 groups of 4. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
