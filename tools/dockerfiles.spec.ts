/**
 * The images run what the build made, never the tooling: no Dockerfile runs tsx, and no stage that becomes an
 * image copies `tools/` or the whole repository (only a build stage does, to build). The web image's contents
 * are checked on the build by tools/web-image.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MALLOC_ARENA_MAX } from '@app/node-server/malloc-arenas';
import { repoRoot } from './lib/paths';
import { importedModules, nonBuiltinModules } from './web-image';

interface Stage {
  name: string;
  base: string;
  lines: string[];
}

function dockerfiles(): string[] {
  return readdirSync(join(repoRoot, 'apps'))
    .map((app) => join('apps', app, 'Dockerfile'))
    .filter((file) => {
      try {
        return readFileSync(join(repoRoot, file)).length > 0;
      } catch {
        return false;
      }
    });
}

function stages(file: string): Stage[] {
  const text = readFileSync(join(repoRoot, file), 'utf8').replace(/\\\n/g, ' ');
  const found: Stage[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) found.push({ base: from[1], name: from[2] ?? `stage${found.length}`, lines: [] });
    else found.at(-1)?.lines.push(line);
  }
  return found;
}

/** Stages other stages build from (`FROM build`, `COPY --from=build`) are build stages; the rest become images. */
function imageStages(all: Stage[]): Stage[] {
  const usedBy = new Set(
    all.flatMap((s) => [s.base, ...s.lines.flatMap((l) => /--from=(\S+)/.exec(l)?.[1] ?? [])]),
  );
  return all.filter((s) => !usedBy.has(s.name));
}

describe('Dockerfiles', () => {
  const files = dockerfiles();

  it('finds the API’s and the web app’s', () => {
    expect(files.sort()).toEqual(['apps/api/Dockerfile', 'apps/web/Dockerfile']);
  });

  it.each(files)('%s runs no tsx', (file) => {
    for (const stage of stages(file))
      for (const line of stage.lines.filter((l) => /^(RUN|CMD|ENTRYPOINT)\b/i.test(l)))
        expect(line).not.toMatch(/\btsx\b/);
  });

  it.each(files)('%s: no image copies tools/ or the whole repository', (file) => {
    const images = imageStages(stages(file));
    expect(images.length).toBeGreaterThan(0);
    for (const stage of images)
      for (const line of stage.lines.filter((l) => /^(COPY|ADD)\b/i.test(l))) {
        expect(line).not.toMatch(/\btools\b/);
        expect(line).not.toMatch(/^COPY\s+(--\S+\s+)*\.\s/i);
      }
  });

  it('the web image is the bundled server and the built assets on a slim base, run with plain node', () => {
    const web = stages('apps/web/Dockerfile').find((s) => s.name === 'web')!;
    expect(web.base).toMatch(/^node:20-(alpine|bookworm-slim)$/);
    const copies = web.lines.filter((l) => /^COPY\b/.test(l));
    expect(copies).toEqual([
      'COPY --from=build /repo/dist/apps/web ./web',
      'COPY --from=build /repo/dist/apps/web-server ./web-server',
    ]);
    expect(web.lines).toContain('CMD ["node", "--enable-source-maps", "web-server/main.cjs"]');
    expect(web.lines.some((l) => /^RUN\b.*npm/.test(l))).toBe(false);
  });

  it('docker-compose builds the web and proxy services from those targets', () => {
    const compose = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
    expect(compose).toMatch(/\n {2}web:\n[\s\S]*?target: web\n/);
    expect(compose).toMatch(/\n {2}proxy:\n[\s\S]*?target: proxy\n/);
    expect(compose).not.toMatch(/web-ssr|tools\//);
  });

  it('the API image runs with the malloc arenas npm start gives it (glibc: its runtime is bookworm-slim)', () => {
    const runtime = stages('apps/api/Dockerfile').at(-1)!;
    expect(runtime.base).toBe('node:20-bookworm-slim');
    const env = runtime.lines.filter((l) => /^ENV\b/.test(l)).join(' ');
    expect(env).toMatch(new RegExp(`\\bMALLOC_ARENA_MAX=${MALLOC_ARENA_MAX}\\b`));
  });

  it("docker-compose keeps the API's data directory (the site's images) in a named volume", () => {
    const compose = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
    const api = /\n {2}api:\n([\s\S]*?)\n {2}\w/.exec(compose)?.[1] ?? '';
    expect(api).toMatch(/\n {4}volumes:\n(?: {6}#.*\n)* {6}- api-data:\/app\/\.data\n/);
    expect(compose).toMatch(/\nvolumes:\n(?: {2}[\w-]+:\n)* {2}api-data:\n/);
    // The image makes the directory, owned by the user the API runs as (a new volume takes its owner).
    const runtime = stages('apps/api/Dockerfile').at(-1)!;
    expect(runtime.lines).toContain('WORKDIR /app');
    expect(runtime.lines).toContain('RUN mkdir -p /app/.data && chown node:node /app/.data');
  });
});

describe('what a bundle asks for (tools/web-image.ts)', () => {
  it('finds require, import and dynamic import names, and keeps the non-built-in ones', () => {
    const code = [
      'import { createRequire } from "node:module";',
      "import x from 'react';",
      'import "./side-effect.mjs";',
      'export { y } from "./chunk.mjs";',
      `const a = require("node:fs"), b = require('express'); import("./entry-server.mjs");`,
      'const message = "hydrate a tree from \\"react-dom\\" or import it from \\"solid-js\\"";',
      " *   var Props = require('ReactPropTypes');",
    ].join('\n');
    expect(importedModules(code)).toEqual([
      './chunk.mjs',
      './entry-server.mjs',
      './side-effect.mjs',
      'express',
      'node:fs',
      'node:module',
      'react',
    ]);
    expect(nonBuiltinModules(code)).toEqual(['express', 'react']);
  });
});
