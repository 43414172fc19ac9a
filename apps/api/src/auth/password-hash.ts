import * as argon2 from 'argon2';

/** OWASP's argon2id baseline (19 MiB, 2 passes). */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The stored form of an admin password (login, password change, ADMIN_PASSWORD_RESET). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}
