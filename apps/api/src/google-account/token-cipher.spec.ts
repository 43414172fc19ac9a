import { randomBytes } from 'node:crypto';
import { openToken, sealToken } from './token-cipher';
import { parseTokenKey, tokenKeyRing } from './token-keys';

const hexKey = () => randomBytes(32).toString('hex');

describe('sealed tokens', () => {
  const derived = randomBytes(32);
  const purpose = 'google-refresh-token';

  it('seals with AES-256-GCM under the current key: no plaintext, a fresh IV each time, opens back', () => {
    const ring = tokenKeyRing({}, derived);
    const token = '1//0gAbCdEfGhIjKlMnOpQrStUvWxYz';
    const a = sealToken(token, ring, purpose);
    const b = sealToken(token, ring, purpose);
    expect(a).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain(token);
    expect(a).not.toBe(b);
    expect(openToken(a, ring, purpose)).toEqual({ value: token, stale: false });
  });

  it('refuses a changed byte, another purpose and a lost key', () => {
    const ring = tokenKeyRing({}, derived);
    const sealed = sealToken('secret', ring, purpose);
    const parts = sealed.split('.');
    parts[4] = Buffer.from('x').toString('base64url') + parts[4].slice(2);
    expect(openToken(parts.join('.'), ring, purpose)).toBeUndefined();
    expect(openToken(sealed, ring, 'another-column')).toBeUndefined();
    expect(openToken(sealed, tokenKeyRing({}, randomBytes(32)), purpose)).toBeUndefined();
    expect(openToken('not sealed', ring, purpose)).toBeUndefined();
  });

  it('rotates: an old key still opens (stale), and setting a key for the first time keeps the derived one readable', () => {
    const first = hexKey();
    const before = tokenKeyRing({ TOKEN_ENCRYPTION_KEY: first }, derived);
    const sealed = sealToken('token', before, purpose);
    const after = tokenKeyRing(
      { TOKEN_ENCRYPTION_KEY: hexKey(), TOKEN_PREVIOUS_KEYS: ` ${hexKey()}, ${first} ` },
      derived,
    );
    expect(openToken(sealed, after, purpose)).toEqual({ value: 'token', stale: true });
    const fromDerived = sealToken('token', tokenKeyRing({}, derived), purpose);
    expect(openToken(fromDerived, after, purpose)).toEqual({ value: 'token', stale: true });
    expect(
      openToken(sealed, tokenKeyRing({ TOKEN_ENCRYPTION_KEY: hexKey() }, derived), purpose),
    ).toBeUndefined();
  });

  it('reads a key as 64 hex characters or base64 of 32 bytes, nothing else', () => {
    const bytes = randomBytes(32);
    expect(parseTokenKey(bytes.toString('hex'))).toEqual(bytes);
    expect(parseTokenKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseTokenKey(bytes.toString('base64url'))).toEqual(bytes);
    for (const bad of ['', 'short', randomBytes(16).toString('hex'), randomBytes(33).toString('base64')]) {
      expect(parseTokenKey(bad)).toBeNull();
    }
  });
});
