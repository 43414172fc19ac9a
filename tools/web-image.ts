/**
 * The web image's contents checked on the build (a step of `npm test`, after the build): the Docker image copies
 * `dist/apps/web-server` and `dist/apps/web` onto node:20-alpine and nothing else (apps/web/Dockerfile), so
 * - the server bundle and its renderer must need nothing but Node's built-ins (no node_modules in the image);
 * - a copy of the two directories, alone in a temporary directory, must serve the site with plain `node`;
 * - the image's size, computed from those layers plus the base image's, must stay within 250 MB.
 * No Docker engine runs on the test machines, so the size is computed, not measured with `docker image inspect`.
 *
 *   npx tsx tools/web-image.ts
 */
import { spawn } from 'node:child_process';
import { builtinModules } from 'node:module';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForHttp } from './lib/net';
import { WEB_DIST, WEB_SERVER_MAIN } from './lib/web-server';
import { dirname } from 'node:path';

export const WEB_SERVER_DIR = dirname(WEB_SERVER_MAIN);
/**
 * node:20-alpine unpacked, as `docker image ls` shows it on amd64 (about 130–140 MB across the 20.x releases):
 * an upper bound taken from there, since no Docker engine runs here.
 */
export const NODE_ALPINE_BYTES = 145 * 1024 * 1024;
export const WEB_IMAGE_LIMIT_BYTES = 250 * 1024 * 1024;

/**
 * The modules a bundle asks for by name: `require("x")`, `import("x")`, and the `import … from "x"` /
 * `export … from "x"` / `import "x"` statements that start a line (as bundlers write them; comment lines, and
 * text in strings that merely looks like an import, are not taken).
 */
export function importedModules(source: string): string[] {
  const names = new Set<string>();
  // Comment lines (a library's usage example) ask for nothing.
  const code = source
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .join('\n');
  for (const match of code.matchAll(/\b(?:require|import)\(\s*["']([^"']+)["']\s*\)/g)) names.add(match[1]);
  for (const match of code.matchAll(/^\s*(?:import|export)\b[^'"\n]*?(?:\bfrom\s*)?["']([^"']+)["'];?\s*$/gm))
    names.add(match[1]);
  return [...names].sort();
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Those that are neither Node built-ins nor files of the bundle itself. */
export function nonBuiltinModules(code: string): string[] {
  const builtins = new Set(builtinModules);
  return importedModules(code).filter(
    (name) => !name.startsWith('.') && !name.startsWith('node:') && !builtins.has(name),
  );
}

function bytesOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesOf(path) : statSync(path).size;
  }
  return total;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function checkWebImage(log: (line: string) => void = console.log): Promise<void> {
  const bundles = filesOf(WEB_SERVER_DIR).filter((file) => /\.(c|m)?js$/.test(file));
  if (
    !bundles.some((file) => file.endsWith('main.cjs')) ||
    !bundles.some((file) => file.endsWith('entry-server.mjs'))
  )
    throw new Error(
      `${WEB_SERVER_DIR} lacks main.cjs or entry-server.mjs: build the web app (npx nx run web:build)`,
    );
  for (const file of bundles) {
    const outside = nonBuiltinModules(readFileSync(file, 'utf8'));
    if (outside.length) throw new Error(`${file} needs packages the image lacks: ${outside.join(', ')}`);
  }
  log('The web server bundle and its renderer need only Node built-ins.');

  // The image's /app, alone: no node_modules anywhere above it.
  const app = mkdtempSync(join(tmpdir(), 'web-image-'));
  try {
    cpSync(WEB_DIST, join(app, 'web'), { recursive: true });
    cpSync(WEB_SERVER_DIR, join(app, 'web-server'), { recursive: true });
    const port = await freePort();
    const child = spawn(process.execPath, ['web-server/main.cjs'], {
      cwd: app,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        API_URL: 'http://127.0.0.1:9',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForHttp(`${url}/favicon.svg`, {
        timeoutMs: 15_000,
        abort: () => (child.exitCode !== null ? `it exited (${child.exitCode}): ${output}` : undefined),
      });
      // The API is not there: the page goes out with its default head, never an error page.
      const page = await fetch(`${url}/`, { headers: { Accept: 'text/html' } });
      const html = await page.text();
      if (page.status !== 200 || !html.includes('<!--page-head-->'))
        throw new Error(`GET / answered ${page.status} without the page shell`);
      if (!page.headers.get('content-security-policy'))
        throw new Error('GET / has no Content-Security-Policy');
      const api = await fetch(`${url}/api/health`);
      if (api.status !== 502)
        throw new Error(`GET /api/health without an API answered ${api.status}, not 502`);
    } finally {
      child.kill('SIGTERM');
    }
    log('A copy of dist/apps/web-server and dist/apps/web alone serves the site with plain node.');
  } finally {
    rmSync(app, { recursive: true, force: true });
  }

  const layers = bytesOf(WEB_DIST) + bytesOf(WEB_SERVER_DIR);
  const total = NODE_ALPINE_BYTES + layers;
  log(
    `Web image (computed): node:20-alpine ≤ ${mb(NODE_ALPINE_BYTES)} + web ${mb(bytesOf(WEB_DIST))} + web-server ${mb(bytesOf(WEB_SERVER_DIR))} = ${mb(total)} (limit ${mb(WEB_IMAGE_LIMIT_BYTES)})`,
  );
  if (total > WEB_IMAGE_LIMIT_BYTES)
    throw new Error(`The web image would be ${mb(total)}, over ${mb(WEB_IMAGE_LIMIT_BYTES)}`);
}

if (require.main === module) {
  checkWebImage().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
