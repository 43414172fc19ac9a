/** docs/benchmarks.md is made of sections, one per benchmark, each replaced in place by its own run. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform, totalmem } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../lib/paths';

export const BENCHMARKS_DOC = join(repoRoot, 'docs/benchmarks.md');

/** A line of the summary table at the top of docs/benchmarks.md (run.ts). */
export interface SummaryRow {
  what: string;
  figure: string;
  target: string;
  met: boolean;
}

/** The machine line every table cites. */
export function machine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()} ${arch()}, Node ${process.versions.node}`;
}

/** Replaces the section `id` of docs/benchmarks.md (or appends it), leaving the rest alone, formatted as Prettier would. */
export async function writeDocSection(id: string, markdown: string): Promise<string> {
  const start = `<!-- ${id}:start -->`;
  const end = `<!-- ${id}:end -->`;
  const section = `${start}\n${markdown.trim()}\n${end}`;
  const current = existsSync(BENCHMARKS_DOC) ? readFileSync(BENCHMARKS_DOC, 'utf8') : '# Benchmarks\n';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${section}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  // `prettier --check .` runs in CI: write the file the way Prettier would (aligned table columns).
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(BENCHMARKS_DOC)) ?? {};
  writeFileSync(BENCHMARKS_DOC, await prettier.format(next, { ...config, filepath: BENCHMARKS_DOC }));
  return BENCHMARKS_DOC;
}

/** Raw results beside the document, for whoever wants more than the table. */
export function writeRawJson(name: string, data: unknown): string {
  const dir = join(repoRoot, 'docs/bench-raw');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
