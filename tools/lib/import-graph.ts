/**
 * The run-time import graph of the repository's TypeScript, and its cycles. `tools/import-cycles.spec.ts` fails on a
 * cycle, the whole graph built once (under a second). Why not ESLint's `import-x/no-cycle`: it walks the graph again
 * for each file it lints, three quarters of the lint step's CPU (`TIMING=15 npx eslint apps/web/src`), and cannot
 * follow the `@app/*` aliases without a TypeScript resolver.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  '.nx',
  'coverage',
  'test-results',
  'playwright-report',
]);
const EXTENSIONS = ['.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/**
 * The modules a file imports at run time: `import … from`, `export … from`, a bare `import '…'` and `import('…')`.
 * An `import type` / `export type` is erased by the compiler, so it makes no cycle.
 */
export function importedSpecifiers(source: string): string[] {
  const found: string[] = [];
  const statements = /^\s*(import|export)\s+(type\s+)?([^;'"]*?\bfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const [, keyword, typeOnly, clause, specifier] of source.matchAll(statements)) {
    if (typeOnly) continue;
    // `export const x = …` has no `from`: not an import.
    if (keyword === 'export' && !clause) continue;
    if (clause && /^\{[^}]*\}\s*from\s*$/.test(clause.trim()) && allTypes(clause)) continue;
    found.push(specifier);
  }
  for (const [, specifier] of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(specifier);
  return found;
}

/** `{ type A, type B } from`: every name a type, erased like `import type`. */
function allTypes(clause: string): boolean {
  const names = clause.slice(clause.indexOf('{') + 1, clause.indexOf('}')).split(',');
  const named = names.map((name) => name.trim()).filter(Boolean);
  return named.length > 0 && named.every((name) => name.startsWith('type '));
}

/** The files under `dirs` (relative to `root`) the graph covers. */
export function sourceFiles(root: string, dirs: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(join(root, dir));
  return files;
}

/** The file a specifier names: relative paths and the tsconfig's `paths` aliases; packages are left out. */
export function resolver(root: string, aliases: Record<string, string[]>) {
  const asFile = (base: string): string | undefined => {
    if (SOURCE.test(base) && existsSync(base) && statSync(base).isFile()) return base;
    // ESM-style `./x.js` naming a `./x.ts`.
    const withoutJs = base.replace(/\.js$/, '');
    return EXTENSIONS.map((ext) => withoutJs + ext).find((candidate) => existsSync(candidate));
  };
  return (from: string, specifier: string): string | undefined => {
    if (specifier.startsWith('.')) return asFile(join(dirname(from), specifier));
    for (const [pattern, [target]] of Object.entries(aliases)) {
      if (pattern === specifier) return asFile(join(root, target));
      if (pattern.endsWith('/*') && specifier.startsWith(pattern.slice(0, -1))) {
        return asFile(join(root, target.replace('*', specifier.slice(pattern.length - 1))));
      }
    }
    return undefined;
  };
}

export type ImportGraph = Map<string, string[]>;

/** Each file's run-time imports of other files of the graph, as paths relative to `root`. */
export function importGraph(
  root: string,
  files: string[],
  resolve: ReturnType<typeof resolver>,
): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = importedSpecifiers(readFileSync(file, 'utf8'))
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== undefined)
      .map((target) => relative(root, target));
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/** The graph's cycles: each strongly connected component of more than one file, or a file importing itself. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++];
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || edges.includes(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
