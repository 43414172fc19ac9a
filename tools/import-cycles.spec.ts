/**
 * No import cycles: a cycle makes a module's value `undefined` while the other is still loading (a Nest provider,
 * a zod schema, a React component), depending on which file loads first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importCycles, importedSpecifiers, importGraph, resolver, sourceFiles } from './lib/import-graph';
import { repoRoot } from './lib/paths';

const tsconfig = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.base.json'), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};

describe('import cycles', () => {
  it('reads the run-time imports, not the erased ones', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C, type D } from './c';",
      "import { type E, f } from './e';",
      "export * from './g';",
      "export type { H } from './h';",
      "import './side-effect';",
      "const lazy = () => import('./lazy');",
      "export const x = 'from the docs';",
      'import {\n  m,\n  n,\n} from "./multi-line";',
    ].join('\n');
    expect(importedSpecifiers(source)).toEqual([
      './a',
      './e',
      './g',
      './side-effect',
      './multi-line',
      './lazy',
    ]);
  });

  it('finds a cycle, a longer one and a file importing itself, and nothing in a tree', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', []],
      ['d.ts', ['e.ts']],
      ['e.ts', ['f.ts']],
      ['f.ts', ['d.ts']],
      ['g.ts', ['g.ts']],
      ['h.ts', ['c.ts', 'i.ts']],
      ['i.ts', ['c.ts']],
    ]);
    expect(importCycles(graph).sort()).toEqual([['a.ts', 'b.ts'], ['d.ts', 'e.ts', 'f.ts'], ['g.ts']]);
  });

  it('the apps, libraries and tools have none, the aliases followed', () => {
    const files = sourceFiles(repoRoot, ['apps', 'libs', 'tools']);
    expect(files.length).toBeGreaterThan(500);
    const graph = importGraph(repoRoot, files, resolver(repoRoot, tsconfig.compilerOptions.paths));
    // The aliases resolve: the API's files reach the contracts through `@app/contracts`.
    expect(graph.get('apps/api/src/settings/settings.dto.ts')).toContain('libs/contracts/src/index.ts');
    expect(importCycles(graph)).toEqual([]);
  });
});
