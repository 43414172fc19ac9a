import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn's score (0–4) an admin password needs in production: 3 is "safely unguessable" online. */
export const MIN_ADMIN_PASSWORD_SCORE = 3;
/**
 * The estimated guesses (log10) a session secret needs in production: 10^24 ≈ 2^80. 32 random hex characters
 * (`openssl rand -hex 16`) estimate about 10^28; 41 × `a` about 10^3.
 */
export const MIN_SESSION_SECRET_GUESSES_LOG10 = 24;

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: the dictionaries take a moment to index, and only production start-up needs them. */
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

const commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * Why `password` is too weak to be the production admin password, or null: one of the ~50,000 most common
 * passwords (zxcvbn-ts's list), or a strength score below MIN_ADMIN_PASSWORD_SCORE (the username and the site's
 * words count against it).
 */
export function weakPasswordReason(password: string, userInputs: string[] = []): string | null {
  if (commonPasswords.has(password.toLowerCase())) {
    return 'is one of the most common passwords; choose a long passphrase of unrelated words';
  }
  const { score } = strength().check(password, userInputs);
  if (score < MIN_ADMIN_PASSWORD_SCORE) {
    return (
      `is too easy to guess (strength ${score} of 4, at least ${MIN_ADMIN_PASSWORD_SCORE} needed); ` +
      'choose a long passphrase of unrelated words'
    );
  }
  return null;
}

/** Why `secret` has too little entropy to sign production session cookies, or null. */
export function weakSecretReason(secret: string): string | null {
  const { guessesLog10 } = strength().check(secret);
  if (guessesLog10 >= MIN_SESSION_SECRET_GUESSES_LOG10) return null;
  return 'has too little entropy (repeated or guessable text); use a random value, e.g. `openssl rand -hex 32`';
}
