import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The packages only a few requests need, which the API loads on their first use (first-use.ts). */
const ON_FIRST_USE = ['@simplewebauthn/server', 'nodemailer', 'qrcode'];

describe('onFirstUse', () => {
  it('leaves the packages few requests need out of the started application, and loads one when it is used', () => {
    // A plain Node process: Jest keeps modules in a registry of its own, not in Node's module cache.
    const root = join(__dirname, '../../../..');
    const script = [
      "import { nodeRequire, onFirstUse } from './apps/api/src/common/first-use';",
      "import './apps/api/src/app.module';",
      `const packages = ${JSON.stringify(ON_FIRST_USE)};`,
      'const loaded = () => packages.filter((name) => Object.keys(nodeRequire.cache).some((id) => id.includes(`/node_modules/${name}/`)));',
      'const atStart = loaded();',
      "onFirstUse<typeof import('qrcode')>('qrcode')().toString;",
      'console.log(JSON.stringify([atStart, loaded()]));',
    ].join('\n');
    const run = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), '--eval', script], {
      cwd: root,
      encoding: 'utf8',
      // The API's decorators (tsx ignores --tsconfig with --eval).
      env: { ...process.env, TSX_TSCONFIG_PATH: 'apps/api/tsconfig.app.json' },
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([[], ['qrcode']]);
  });
});
