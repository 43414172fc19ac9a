import { deriveSecretKeys } from '../config/secret-keys';
import {
  generateRecoveryCodes,
  hashRecoveryCode,
  openSecret,
  RECOVERY_CODE_COUNT,
  sealSecret,
  totpCodeOf,
} from './two-factor.crypto';

describe('two-factor crypto', () => {
  const key = deriveSecretKeys('a-session-secret-of-at-least-32-characters').twoFactor;

  it('seals a secret so that only the same SESSION_SECRET opens it', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', key);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DP');
    expect(sealSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', key)).not.toBe(sealed);
    expect(openSecret(sealed, key)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(
      openSecret(sealed, deriveSecretKeys('another-session-secret-of-32-characters!').twoFactor),
    ).toBeUndefined();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = data[0] === 'A' ? `B${data.slice(1)}` : `A${data.slice(1)}`;
    expect(openSecret([v, iv, tag, flipped].join('.'), key)).toBeUndefined();
    expect(openSecret('plain-text', key)).toBeUndefined();
  });

  it('tells an authenticator code from a recovery code', () => {
    expect(totpCodeOf('123456')).toBe('123456');
    expect(totpCodeOf('123 456')).toBe('123456');
    expect(totpCodeOf('12345')).toBeUndefined();
    expect(totpCodeOf('abcd-efgh')).toBeUndefined();
  });

  it('makes 10 distinct recovery codes of 120 bits, matched whatever the case, spaces and dashes', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^([a-km-np-z2-9]{4}-){5}[a-km-np-z2-9]{4}$/);
    const [code] = codes;
    expect(hashRecoveryCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code.toUpperCase().replace(/-/g, ' '))).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(codes[1])).not.toBe(hashRecoveryCode(code));
  });
});
