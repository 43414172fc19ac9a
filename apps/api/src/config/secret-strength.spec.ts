import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { withStrengthChecks } from './secret-strength';

describe('withStrengthChecks', () => {
  it('judges secrets and passwords with zxcvbn', () => {
    withStrengthChecks((checks) => {
      expect(checks.weakSecretReason('my-production-secret')).toMatch(
        /^has about \d+ bits of estimated entropy \(128 needed\)/,
      );
      expect(checks.weakPasswordReason('password1')).toMatch(/^is one of the most common passwords/);
      expect(
        checks.weakSecretReason('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'),
      ).toBeNull();
      expect(checks.weakPasswordReason('velvet-orbit-cactus-harbor-lantern', ['admin'])).toBeNull();
    });
  });

  it("lets zxcvbn's modules go afterwards (in a plain Node process: Jest keeps modules in its own registry)", () => {
    const root = join(__dirname, '../../../..');
    const script = [
      "import { nodeRequire } from './apps/api/src/common/first-use';",
      "import { withStrengthChecks } from './apps/api/src/config/secret-strength';",
      "const loaded = () => Object.keys(nodeRequire.cache).filter((id) => id.includes('@zxcvbn-ts')).length;",
      'console.log(JSON.stringify([withStrengthChecks(() => loaded()), loaded()]));',
    ].join('\n');
    const run = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), '--eval', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const [during, after] = JSON.parse(run.stdout) as [number, number];
    expect(during).toBeGreaterThan(0);
    expect(after).toBe(0);
  });
});
