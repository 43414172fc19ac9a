import { isSponsorReportToken } from '@app/contracts';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The tokens of sponsor report links (docs/sponsor-reports.md, "The link"): `{id}.{signature}`, the signature an
 * HMAC-SHA256 over the link's id and its random nonce with a key derived from SESSION_SECRET for this one use
 * (`SecretKeys.sponsorReportLinks`, never stored). The id alone opens nothing; without the key no signature can be
 * made, and the nonce ties a token to its row, so a database restored or renumbered never revives an old link.
 */

const PURPOSE = 'sponsor-report-link';

/** A new link's nonce: 16 random bytes, hex. */
export const newLinkNonce = (): string => randomBytes(16).toString('hex');

const signature = (id: number, nonce: string, key: Buffer) =>
  createHmac('sha256', key).update(`${PURPOSE}\n${id}\n${nonce}`).digest('base64url');

export function signReportLink(id: number, nonce: string, key: Buffer): string {
  return `${id}.${signature(id, nonce, key)}`;
}

/** The link id a well-formed token names (its signature still to check against the row), or null. */
export function reportLinkIdOf(token: string): number | null {
  if (!isSponsorReportToken(token)) return null;
  const id = Number(token.slice(0, token.indexOf('.')));
  return Number.isSafeInteger(id) ? id : null;
}

/** Whether `token` is the signature of link `id` with `nonce` (compared in constant time). */
export function isReportLinkToken(token: string, id: number, nonce: string, key: Buffer): boolean {
  const expected = Buffer.from(signReportLink(id, nonce, key));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
