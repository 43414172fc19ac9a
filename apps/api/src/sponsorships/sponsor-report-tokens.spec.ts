import { isReportLinkToken, newLinkNonce, reportLinkIdOf, signReportLink } from './sponsor-report-tokens';

describe('sponsor report link tokens', () => {
  const key = Buffer.alloc(32, 7);

  it('signs an id and its nonce into an unguessable token that only that key, id and nonce verify', () => {
    const nonce = newLinkNonce();
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(newLinkNonce()).not.toBe(nonce);
    const token = signReportLink(12, nonce, key);
    expect(token).toMatch(/^12\.[A-Za-z0-9_-]{43}$/);
    expect(reportLinkIdOf(token)).toBe(12);
    expect(isReportLinkToken(token, 12, nonce, key)).toBe(true);
    expect(isReportLinkToken(token, 12, newLinkNonce(), key)).toBe(false);
    expect(isReportLinkToken(token, 12, nonce, Buffer.alloc(32, 8))).toBe(false);
    expect(isReportLinkToken(`13${token.slice(2)}`, 13, nonce, key)).toBe(false);
    expect(isReportLinkToken(token.slice(0, -1), 12, nonce, key)).toBe(false);
  });

  it('reads no id from a token of the wrong form', () => {
    for (const bad of [
      '',
      'abc',
      '12',
      '12.short',
      `0.${'a'.repeat(43)}`,
      `12.${'a'.repeat(44)}`,
      `1e3.${'a'.repeat(43)}`,
    ]) {
      expect(reportLinkIdOf(bad)).toBeNull();
    }
  });
});
