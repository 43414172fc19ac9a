/**
 * The repo's ESLint config must stop web code importing API code and the reverse
 * (@nx/enforce-module-boundaries with the scope tags of workspace.json).
 *
 * ESLint runs in a child process: its config loader uses dynamic import(), which Jest's
 * CommonJS sandbox does not allow. The probe file is passed on stdin under a path inside
 * the app, so nothing is written into the apps' source folders.
 */
import { execFile } from 'node:child_process';
import { bin, repoRoot } from './lib/paths';

interface LintMessage {
  ruleId: string | null;
  message: string;
}

function lintAs(filePath: string, code: string): Promise<LintMessage[]> {
  return new Promise((resolveLint, reject) => {
    const child = execFile(
      bin('eslint'),
      ['--stdin', '--stdin-filename', filePath, '--format', 'json'],
      { cwd: repoRoot, env: { ...process.env, NX_DAEMON: 'false' }, maxBuffer: 10 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // Exit code 1 means "lint errors found", which is what most cases expect.
        if (error && error.code !== 1) return reject(new Error(`eslint failed: ${stderr || error.message}`));
        try {
          const [result] = JSON.parse(stdout) as { messages: LintMessage[] }[];
          resolveLint(result.messages);
        } catch {
          reject(new Error(`eslint printed no JSON: ${stdout}\n${stderr}`));
        }
      },
    );
    child.stdin?.end(code);
  });
}

const boundaryErrors = (messages: LintMessage[]) =>
  messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries');

describe('module boundaries', () => {
  it('fail lint when web imports API code', async () => {
    const messages = await lintAs(
      'apps/web/src/boundary-probe.ts',
      "import { loadEnv } from '../../api/src/config/env';\n\nexport const probe = loadEnv;\n",
    );
    expect(boundaryErrors(messages)).toHaveLength(1);
  });

  it('fail lint when the API imports web code', async () => {
    const messages = await lintAs(
      'apps/api/src/boundary-probe.ts',
      "import { theme } from '../../web/src/app/theme';\n\nexport const probe = theme;\n",
    );
    expect(boundaryErrors(messages)).toHaveLength(1);
  });

  it('fail lint when the shared contracts import an app', async () => {
    const messages = await lintAs(
      'libs/contracts/src/boundary-probe.ts',
      "import { loadEnv } from '../../../apps/api/src/config/env';\n\nexport const probe = loadEnv;\n",
    );
    expect(boundaryErrors(messages)).toHaveLength(1);
  });

  it.each(['apps/web/src/boundary-probe.ts', 'apps/api/src/boundary-probe.ts'])(
    'let %s import the shared contracts',
    async (file) => {
      const messages = await lintAs(
        file,
        "import { channelStatsSchema } from '@app/contracts';\n\nexport const probe = channelStatsSchema;\n",
      );
      expect(messages).toEqual([]);
    },
  );
});
