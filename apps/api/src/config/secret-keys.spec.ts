import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deriveSecretKeys, developmentSecretPath, sessionSecretOf } from './secret-keys';

describe('secret keys', () => {
  const secret = '3744eb96bb628b5b0aa40d409bda2c3c3744eb96bb628b5b0aa40d409bda2c3c';

  it('derives a key of its own for cookies, newsletter and report links and sealed secrets, none of them the secret', () => {
    const keys = deriveSecretKeys(secret);
    const all = [
      Buffer.from(keys.cookie, 'base64url'),
      keys.newsletterLinks,
      keys.twoFactor,
      keys.googleRefreshToken,
      keys.sponsorReportLinks,
    ];
    expect(all.map((key) => key.length)).toEqual([32, 32, 32, 32, 32]);
    expect(new Set(all.map((key) => key.toString('hex'))).size).toBe(5);
    expect(keys.cookie).not.toContain(secret);
    expect(deriveSecretKeys(secret)).toEqual(keys);
    expect(deriveSecretKeys(`${secret}x`).cookie).not.toBe(keys.cookie);
  });

  describe('without SESSION_SECRET (development)', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'secret-keys-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('makes a random secret on the first start, keeps it in the data directory for its owner only', () => {
      const env = { SQLITE_PATH: join(dir, 'data', 'app.sqlite') };
      const made = sessionSecretOf(env);
      expect(made).toMatch(/^[0-9a-f]{64}$/);
      const path = developmentSecretPath(env);
      expect(path).toBe(join(dir, 'data', 'session-secret'));
      expect(readFileSync(path, 'utf8')).toBe(made);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(sessionSecretOf(env)).toBe(made);
      // Another install has its own.
      expect(sessionSecretOf({ SQLITE_PATH: join(dir, 'other', 'app.sqlite') })).not.toBe(made);
    });

    it('takes SESSION_SECRET when it is set, and writes nothing', () => {
      const env = { SESSION_SECRET: secret, SQLITE_PATH: join(dir, 'app.sqlite') };
      expect(sessionSecretOf(env)).toBe(secret);
      expect(() => statSync(developmentSecretPath(env))).toThrow();
    });
  });
});
