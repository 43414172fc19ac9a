import { deriveSecretKeys } from '../config/secret-keys';
import { CONFIRM_LINK_TTL_MS, signNewsletterLink, verifyNewsletterLink } from './newsletter-links';

describe('newsletter links', () => {
  const key = deriveSecretKeys('a-session-secret-of-at-least-32-characters').newsletterLinks;
  const now = Date.UTC(2026, 10, 26, 12);
  const link = {
    purpose: 'confirm' as const,
    email: 'reader@mail.test',
    expiresAt: now + CONFIRM_LINK_TTL_MS,
  };
  const token = signNewsletterLink(link, key);

  it('accepts its own token for its purpose until it expires', () => {
    expect(verifyNewsletterLink(token, 'confirm', key, now)).toEqual({ ok: true, link });
    expect(verifyNewsletterLink(token, 'confirm', key, link.expiresAt)).toEqual({ ok: true, link });
    expect(verifyNewsletterLink(token, 'confirm', key, link.expiresAt + 1)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses another purpose, another key, and any changed byte', () => {
    expect(verifyNewsletterLink(token, 'unsubscribe', key, now)).toEqual({ ok: false, reason: 'invalid' });
    const other = deriveSecretKeys('another-session-secret-of-32-characters!').newsletterLinks;
    expect(verifyNewsletterLink(token, 'confirm', other, now)).toEqual({ ok: false, reason: 'invalid' });
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify(['confirm', 'victim@mail.test', now + CONFIRM_LINK_TTL_MS]),
    ).toString('base64url');
    expect(verifyNewsletterLink(`${forged}.${signature}`, 'confirm', key, now).ok).toBe(false);
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(verifyNewsletterLink(`${payload}.${flipped}`, 'confirm', key, now).ok).toBe(false);
    for (const bad of ['', '.', 'abc', `${token}.x`, `${payload}.`]) {
      expect(verifyNewsletterLink(bad, 'confirm', key, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
