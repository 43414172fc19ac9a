/**
 * The repo's ESLint config must stop web code importing API code and the reverse
 * (@nx/enforce-module-boundaries with the scope tags of workspace.json).
 *
 * ESLint runs in one child process for the whole file (tools/lib/eslint-probe.mjs): its config loader uses dynamic
 * import(), which Jest's CommonJS sandbox does not allow. Each probe is passed as text under a path inside the app,
 * so nothing is written into the apps' source folders.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './lib/paths';

interface LintMessage {
  ruleId: string | null;
  message: string;
}

let linter: ChildProcess | undefined;
const pending = new Map<
  number,
  { resolve: (messages: LintMessage[]) => void; reject: (error: Error) => void }
>();
let nextId = 0;

function startLinter(): ChildProcess {
  const child = spawn(process.execPath, [join(repoRoot, 'tools/lib/eslint-probe.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, NX_DAEMON: 'false' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const answer = JSON.parse(line) as { id: number; messages?: LintMessage[]; error?: string };
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error !== undefined) waiting?.reject(new Error(`eslint failed: ${answer.error}`));
    else waiting?.resolve(answer.messages ?? []);
  });
  child.on('exit', (code) => {
    for (const { reject } of pending.values()) reject(new Error(`the ESLint probe process exited (${code})`));
    pending.clear();
  });
  return child;
}

function lintAs(filePath: string, code: string): Promise<LintMessage[]> {
  linter ??= startLinter();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    linter!.stdin!.write(`${JSON.stringify({ id, filePath, code })}\n`);
  });
}

afterAll(() => {
  linter?.stdin?.end();
});

const ruleErrors = (rule: string) => (messages: LintMessage[]) => messages.filter((m) => m.ruleId === rule);
const boundaryErrors = ruleErrors('@nx/enforce-module-boundaries');
const featureErrors = ruleErrors('import-x/no-restricted-paths');
const zodErrors = ruleErrors('@typescript-eslint/no-restricted-imports');

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

  it.each(['apps/web/src/features/admin/boundary-probe.ts', 'apps/api/src/boundary-probe.ts'])(
    'let %s import the shared contracts',
    async (file) => {
      const messages = await lintAs(
        file,
        "import { channelStatsSchema } from '@app/contracts';\n\nexport const probe = channelStatsSchema;\n",
      );
      expect(messages).toEqual([]);
    },
  );

  it.each([
    [
      'e2e specs import web code',
      'apps/web-e2e/src/boundary-probe.ts',
      '../../web/src/lib/format',
      'formatCount',
    ],
    [
      'e2e specs import API code',
      'apps/web-e2e/src/boundary-probe.ts',
      '../../api/src/config/env',
      'loadEnv',
    ],
    ['tools import app code', 'tools/boundary-probe.ts', '../apps/api/src/config/env', 'loadEnv'],
  ])('fail lint when %s (type: tags)', async (_case, file, from, name) => {
    const messages = await lintAs(
      file,
      `import { ${name} } from '${from}';\n\nexport const probe = ${name};\n`,
    );
    expect(boundaryErrors(messages)).toHaveLength(1);
  });

  it('let e2e specs import the shared contracts', async () => {
    const messages = await lintAs(
      'apps/web-e2e/src/boundary-probe.ts',
      "import { channelStatsSchema } from '@app/contracts';\n\nexport const probe = channelStatsSchema;\n",
    );
    expect(boundaryErrors(messages)).toEqual([]);
  });
});

describe('web feature boundaries', () => {
  const probe = (from: string, name: string) =>
    `import { ${name} } from '${from}';\n\nexport const probe = ${name};\n`;

  it('fail lint when a feature imports another feature’s component', async () => {
    const messages = await lintAs(
      'apps/web/src/features/videos/boundary-probe.ts',
      probe('../channel/components/channel-stats', 'ChannelStats'),
    );
    expect(featureErrors(messages)).toHaveLength(1);
  });

  it('let a feature use another feature’s queries (api/)', async () => {
    const messages = await lintAs(
      'apps/web/src/features/videos/boundary-probe.ts',
      probe('../settings/api/get-public-settings', 'usePublicSettings'),
    );
    expect(featureErrors(messages)).toEqual([]);
  });

  it('fail lint when shared code imports a feature', async () => {
    const messages = await lintAs(
      'apps/web/src/lib/boundary-probe.ts',
      probe('../features/settings/api/get-public-settings', 'usePublicSettings'),
    );
    expect(featureErrors(messages)).toHaveLength(1);
  });

  it('let the app shell compose features', async () => {
    const messages = await lintAs(
      'apps/web/src/app/boundary-probe.ts',
      probe('../features/channel/components/channel-stats', 'ChannelStats'),
    );
    expect(featureErrors(messages)).toEqual([]);
  });
});

describe('dashboard areas', () => {
  const admin = 'apps/web/src/features/admin';
  const probe = (from: string, name: string) =>
    `import { ${name} } from '${from}';\n\nexport const probe = ${name};\n`;

  it.each([
    [
      'an area imports another area',
      `${admin}/analytics/components`,
      '../../integrations/api/newsletter',
      'useExportSubscribers',
    ],
    [
      'an area imports the dashboard frame',
      `${admin}/security/components`,
      '../../dashboard/dashboard',
      'Dashboard',
    ],
    [
      'the shared core imports an area',
      `${admin}/shared/lib`,
      '../../content/api/sync-youtube',
      'useSyncYoutube',
    ],
    ['the login screen imports an area', `${admin}/login`, '../security/api/passkeys', 'usePasskeys'],
    ['the login screen imports the dashboard frame', `${admin}/login`, '../dashboard/dashboard', 'Dashboard'],
    [
      'the admin page imports an area',
      `${admin}/shell`,
      '../settings/components/settings-tab',
      'SettingsTab',
    ],
  ])('fail lint when %s', async (_case, dir, from, name) => {
    expect(featureErrors(await lintAs(`${dir}/boundary-probe.ts`, probe(from, name)))).toHaveLength(1);
  });

  it.each([
    [
      'an area use the shared core',
      `${admin}/monetization/components`,
      '../../shared/components/section-card',
      'SectionCard',
    ],
    [
      'the login screen use the shared core',
      `${admin}/login`,
      '../shared/api/get-admin-settings',
      'adminSettingsQueryOptions',
    ],
    [
      'the dashboard frame compose an area',
      `${admin}/dashboard`,
      '../design/components/design-tab',
      'DesignTab',
    ],
    [
      'an area use another feature’s queries',
      `${admin}/content/api`,
      '../../../videos/api/get-videos',
      'videosUrl',
    ],
  ])('let %s', async (_case, dir, from, name) => {
    expect(featureErrors(await lintAs(`${dir}/boundary-probe.ts`, probe(from, name)))).toEqual([]);
  });
});

describe('the public page ships without zod', () => {
  it('fail lint when public code takes a value from the whole contracts', async () => {
    const messages = await lintAs(
      'apps/web/src/features/videos/boundary-probe.ts',
      "import { videoSchema } from '@app/contracts';\n\nexport const probe = videoSchema;\n",
    );
    expect(zodErrors(messages)).toHaveLength(1);
  });

  it.each([
    [
      'a type from the whole contracts',
      'apps/web/src/features/videos/boundary-probe.ts',
      "import type { Video } from '@app/contracts';\n\nexport type Probe = Video;\n",
    ],
    [
      'a value from a zod-free file',
      'apps/web/src/features/videos/boundary-probe.ts',
      "import { themes } from '@app/contracts/themes';\n\nexport const probe = themes;\n",
    ],
    [
      'schemas in the admin chunk',
      'apps/web/src/features/admin/boundary-probe.ts',
      "import { videoSchema } from '@app/contracts';\n\nexport const probe = videoSchema;\n",
    ],
  ])('let it import %s', async (_case, file, code) => {
    expect(zodErrors(await lintAs(file, code))).toEqual([]);
  });
});

describe('the zod-free contracts files', () => {
  /** A contracts file and the files it imports at run time (not `import type`), transitively. */
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const [, rel] of readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*?from '(\.[^']+)'/gms)) {
      closure(join(dirname(file), `${rel}.ts`), seen);
    }
    return seen;
  };
  const publicSources = readdirSync(join(repoRoot, 'apps/web/src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('features/admin/') && !/\.spec\.tsx?$/.test(f))
    .map((f) => readFileSync(join(repoRoot, 'apps/web/src', f), 'utf8'));
  const subpaths = [
    ...new Set(
      // Run-time imports only: an `import type` is erased from the bundle.
      publicSources.flatMap((src) =>
        [...src.matchAll(/^(?:import|export) (?!type )[^;]*?'@app\/contracts\/([\w-]+)'/gms)].map(
          (m) => m[1],
        ),
      ),
    ),
  ];

  it('are used by the public page', () => {
    expect(subpaths).toEqual(expect.arrayContaining(['themes', 'limits']));
  });

  it.each(subpaths)('@app/contracts/%s imports no zod, directly or through another file', (name) => {
    for (const file of closure(join(repoRoot, 'libs/contracts/src', `${name}.ts`))) {
      expect({ file, zod: /from 'zod'/.test(readFileSync(file, 'utf8')) }).toEqual({ file, zod: false });
    }
  });
});
