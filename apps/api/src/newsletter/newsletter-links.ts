import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed links of the newsletter's e-mails (issue 25): `confirm` (double opt-in of a local sign-up) and
 * `unsubscribe` (one click, RFC 8058). A token is `<payload>.<signature>` in base64url: the payload names the
 * purpose, the address and when it expires; the signature is HMAC-SHA256 over it with
 * a key derived from SESSION_SECRET for this one use (`SecretKeys.newsletterLinks`, never stored). A token of one purpose never serves the other.
 */
export type NewsletterLinkPurpose = 'confirm' | 'unsubscribe';

/** A confirmation link works this long; an unconfirmed sign-up is deleted once it has expired. */
export const CONFIRM_LINK_TTL_MS = 72 * 60 * 60_000;
/** An unsubscribe link works this long (an e-mail may be read months later). */
export const UNSUBSCRIBE_LINK_TTL_MS = 365 * 24 * 60 * 60_000;

export const NEWSLETTER_LINK_TTL_MS: Record<NewsletterLinkPurpose, number> = {
  confirm: CONFIRM_LINK_TTL_MS,
  unsubscribe: UNSUBSCRIBE_LINK_TTL_MS,
};

export interface NewsletterLink {
  purpose: NewsletterLinkPurpose;
  email: string;
  /** Epoch ms after which the link no longer works. */
  expiresAt: number;
}

export type LinkCheck = { ok: true; link: NewsletterLink } | { ok: false; reason: 'invalid' | 'expired' };

const sign = (payload: string, key: Buffer) => createHmac('sha256', key).update(payload).digest('base64url');

export function signNewsletterLink(link: NewsletterLink, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify([link.purpose, link.email, link.expiresAt])).toString(
    'base64url',
  );
  return `${payload}.${sign(payload, key)}`;
}

/** The link when the signature holds, the purpose is `purpose` and it has not expired at `now`. */
export function verifyNewsletterLink(
  token: string,
  purpose: NewsletterLinkPurpose,
  key: Buffer,
  now: number,
): LinkCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(payload, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'invalid' };
  }
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!Array.isArray(fields) || fields.length !== 3) return { ok: false, reason: 'invalid' };
  const [p, email, expiresAt] = fields as unknown[];
  if (p !== purpose || typeof email !== 'string') {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof expiresAt !== 'number' || now > expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, link: { purpose, email, expiresAt } };
}

/** Where the links point (public, throttled per network, answered with a small HTML page). */
export const NEWSLETTER_LINK_PATHS: Record<NewsletterLinkPurpose, string> = {
  confirm: '/api/newsletter/confirm',
  unsubscribe: '/api/newsletter/unsubscribe',
};

/** `https://site/api/newsletter/confirm?token=…` */
export function newsletterLinkUrl(origin: string, purpose: NewsletterLinkPurpose, token: string): string {
  const url = new URL(NEWSLETTER_LINK_PATHS[purpose], `${origin}/`);
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * RFC 2369 / RFC 8058 headers of every e-mail to a subscriber: the https one-click link (a POST to it
 * unsubscribes) and, when the site has a contact address, a mailto the owner reads.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string, contactEmail: string): Record<string, string> {
  const mailto = contactEmail
    ? `, <mailto:${encodeURIComponent(contactEmail).replace(/%40/g, '@')}?subject=unsubscribe>`
    : '';
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>${mailto}`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
