import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const webSrc = './apps/web/src';
const webFeatures = readdirSync(new URL(`${webSrc}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The dashboard, one folder per area the owner works in. An area imports the shared admin core and app-wide
// code, never another area; only the dashboard frame composes them. The login screen stays apart from all of it.
const admin = `${webSrc}/features/admin`;
const adminAreas = ['content', 'monetization', 'design', 'integrations', 'analytics', 'settings', 'security'];
const adminZones = [
  ...adminAreas.map((area) => ({
    target: `${admin}/${area}`,
    from: admin,
    except: [`./${area}`, './shared'],
    message: 'A dashboard area imports only features/admin/shared: move what two areas need there.',
  })),
  {
    target: `${admin}/shared`,
    from: admin,
    except: ['./shared'],
    message: 'The shared admin core depends on no area, nor on the login screen or the dashboard frame.',
  },
  {
    target: `${admin}/login`,
    from: admin,
    except: ['./login', './shared'],
    message: 'The login screen paints without the dashboard: it imports only features/admin/shared.',
  },
  {
    target: `${admin}/shell`,
    from: admin,
    except: ['./shell', './shared', './login', './dashboard'],
    message: 'The admin page reaches the areas only through the dashboard frame.',
  },
  {
    target: `${admin}/dashboard`,
    from: admin,
    except: ['./dashboard', './shared', ...adminAreas.map((area) => `./${area}`)],
    message: 'The dashboard frame composes the areas; it does not reach into the admin page or login.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/.nx/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    plugins: { '@nx': nx, 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Resolve TypeScript modules for import-x/no-restricted-paths; no TS resolver package is installed.
      // (Import cycles: tools/import-cycles.spec.ts checks the whole graph at once.)
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.cts', '.mjs', '.cjs', '.js', '.json', '.node'],
        }),
      ],
    },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:tools', 'scope:shared'] },
            // Apps, e2e specs and tools build on libraries; a library never depends on an app.
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:tool'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
          ],
        },
      ],
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Features are independent: one reaches another only through its api/ (the query layer).
      // Shared parts live in components/, hooks/ and lib/; pages that compose features in app/.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `${webSrc}/features/${feature}`,
              from: `${webSrc}/features`,
              except: webFeatures.map((other) => (other === feature ? `./${other}` : `./${other}/api`)),
              message:
                'Import another feature only through its api/; move shared parts to components/ or lib/.',
            })),
            {
              target: [`${webSrc}/components`, `${webSrc}/lib`],
              from: [`${webSrc}/features`, `${webSrc}/app`],
              message: 'Shared code does not depend on features or the app shell.',
            },
            ...adminZones,
          ],
        },
      ],
    },
  },
  {
    // The public page ships without zod: from the whole contracts it takes types only; values come
    // from the zod-free files (`@app/contracts/themes`, `/limits`…). The admin chunk may load zod.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/features/admin/**', '**/*.spec.ts', '**/*.spec.tsx', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@app/contracts',
              allowTypeImports: true,
              message:
                'The public page ships without zod: import values from a zod-free @app/contracts/<file>.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contracts library is shared by both apps: it may import zod and nothing else, but the types
    // of schema.org (`schema-dts`, types only: nothing of it reaches a bundle).
    files: ['libs/contracts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|schema-dts$|\\.)', message: 'libs/contracts imports nothing but zod.' },
            {
              regex: '^schema-dts$',
              allowTypeImports: true,
              message: 'libs/contracts takes only types from schema-dts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Command-line tools, tests and the web app's server process (its start and failures) report on the console by design.
    files: [
      'tools/**/*.ts',
      'apps/web/server/**/*.ts',
      'apps/web-e2e/**/*.ts',
      '**/*.spec.ts',
      '**/*.integration-spec.ts',
      '**/test/**/*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
