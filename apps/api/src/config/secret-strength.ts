import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { nodeRequire } from '../common/first-use';

/** zxcvbn's score (0–4) an admin password needs in production: 3 is "safely unguessable" online. */
export const MIN_ADMIN_PASSWORD_SCORE = 3;
/** The estimated entropy a session secret needs in production, in bits. */
export const MIN_SESSION_SECRET_BITS = 128;
/**
 * Or a random-looking value at least this long: zxcvbn estimates at least RANDOM_BITS_PER_CHARACTER for each of
 * its characters, as it does for random hex or base64 (3.2–3.3 typically; `openssl rand -hex 16` fell below 3.0 in 3
 * of 300 tries, and is then told to use the longer command), and not for words (2.3–2.95 for passphrases such as
 * `this-is-my-production-session-secret-2026!`).
 */
export const MIN_RANDOM_SECRET_LENGTH = 32;
const RANDOM_BITS_PER_CHARACTER = 3;
/** The command the refusal names: 64 hex characters, about 200 bits by zxcvbn's estimate. */
export const MAKE_SESSION_SECRET = 'openssl rand -hex 32';

/** zxcvbn with its dictionaries, and the common passwords in lower case. */
interface Estimator {
  zxcvbn: ZxcvbnFactory;
  commonPasswords: Set<string>;
}

/** The strength checks, for the duration of one `withStrengthChecks`. */
export interface StrengthChecks {
  weakPasswordReason(password: string, userInputs?: string[]): string | null;
  weakSecretReason(secret: string): string | null;
}

/**
 * Runs `use` with the strength checks, then lets zxcvbn and its dictionaries go (their modules leave Node's module
 * cache): only the production start-up checks need them, and kept they held about 8 MB of heap for the life of the
 * process: the idle API was about 6 MB larger, and a 5,000-video sync on MariaDB peaked 5 to 10 MB higher
 * (`npx tsx tools/bench/sync.ts --db mysql`). Building them takes about 0.1 s.
 */
export function withStrengthChecks<T>(use: (checks: StrengthChecks) => T): T {
  const cached = new Set(Object.keys(nodeRequire.cache));
  try {
    const { ZxcvbnFactory } = nodeRequire('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const { adjacencyGraphs, dictionary } = nodeRequire(
      '@zxcvbn-ts/language-common',
    ) as typeof import('@zxcvbn-ts/language-common');
    const estimator: Estimator = {
      zxcvbn: new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
      commonPasswords: new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
    };
    return use({
      weakPasswordReason: (password, userInputs) => weakPasswordReason(estimator, password, userInputs),
      weakSecretReason: (secret) => weakSecretReason(estimator, secret),
    });
  } finally {
    for (const id of Object.keys(nodeRequire.cache)) if (!cached.has(id)) delete nodeRequire.cache[id];
  }
}

/**
 * Why `password` is too weak to be the production admin password, or null: one of the ~50,000 most common
 * passwords (zxcvbn-ts's list), or a strength score below MIN_ADMIN_PASSWORD_SCORE (the username and the site's
 * words count against it).
 */
function weakPasswordReason(
  { zxcvbn, commonPasswords }: Estimator,
  password: string,
  userInputs: string[] = [],
): string | null {
  if (commonPasswords.has(password.toLowerCase())) {
    return 'is one of the most common passwords; choose a long passphrase of unrelated words';
  }
  const { score } = zxcvbn.check(password, userInputs);
  if (score < MIN_ADMIN_PASSWORD_SCORE) {
    return (
      `is too easy to guess (strength ${score} of 4, at least ${MIN_ADMIN_PASSWORD_SCORE} needed); ` +
      'choose a long passphrase of unrelated words'
    );
  }
  return null;
}

/**
 * Why `secret` is too weak to key production's cookies, newsletter links and sealed secrets, or null: it needs
 * MIN_SESSION_SECRET_BITS of estimated entropy, or to be a random-looking value of MIN_RANDOM_SECRET_LENGTH or more.
 */
function weakSecretReason({ zxcvbn }: Estimator, secret: string): string | null {
  const bits = zxcvbn.check(secret).guessesLog10 * Math.log2(10);
  if (bits >= MIN_SESSION_SECRET_BITS) return null;
  if (secret.length >= MIN_RANDOM_SECRET_LENGTH && bits / secret.length >= RANDOM_BITS_PER_CHARACTER)
    return null;
  return (
    `has about ${Math.floor(bits)} bits of estimated entropy (${MIN_SESSION_SECRET_BITS} needed) and does not ` +
    `look random (words or repeated text); make one with \`${MAKE_SESSION_SECRET}\``
  );
}
