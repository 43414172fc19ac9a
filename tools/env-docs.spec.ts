/**
 * `.env.example` and the README's table document every variable the API reads (its zod
 * schema, read as text: tools do not import app code) plus the ones of npm start and
 * docker-compose, and nothing else.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/paths';

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

function apiVariables(): string[] {
  const source = read('apps/api/src/config/env.ts');
  const start = source.indexOf('export const envSchema');
  const end = source.indexOf('.superRefine', start);
  const block = source.slice(start, end === -1 ? undefined : end);
  return [...block.matchAll(/^\s{4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
}

/** The web server's variables (apps/web/server/config.ts), read as text the same way. */
function webServerVariables(): string[] {
  const source = read('apps/web/server/config.ts');
  const start = source.indexOf('export const webEnvSchema');
  const block = source.slice(start, source.indexOf('\n});', start));
  return [...block.matchAll(/^\s{2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
}

function envExampleVariables(): string[] {
  return [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
}

function readmeTableVariables(): string[] {
  return [...read('README.md').matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((m) => m[1]);
}

const NPM_START = ['API_PORT'];
const COMPOSE = ['MYSQL_DATABASE', 'MYSQL_USER', 'MYSQL_PASSWORD', 'MYSQL_ROOT_PASSWORD', 'WEB_PORT'];

describe('environment documentation', () => {
  it('finds the API schema', () => {
    expect(apiVariables()).toEqual(expect.arrayContaining(['NODE_ENV', 'DATABASE_URL', 'SESSION_SECRET']));
  });

  it('finds the web server schema', () => {
    expect(webServerVariables()).toEqual([
      'HOST',
      'PORT',
      'API_URL',
      'WEB_DIST',
      'TRUST_PROXY',
      'PUBLIC_URL',
    ]);
  });

  it('.env.example lists the API variables in schema order, then the web server’s own, npm start and docker-compose ones', () => {
    const webOnly = webServerVariables().filter((name) => !apiVariables().includes(name));
    expect(envExampleVariables()).toEqual([...apiVariables(), ...webOnly, ...NPM_START, ...COMPOSE]);
  });

  it('gives every .env.example variable a one-line comment', () => {
    const lines = read('.env.example').split('\n');
    lines.forEach((line, i) => {
      if (/^[A-Z][A-Z0-9_]*=/.test(line)) expect(lines[i - 1]).toMatch(/^# \S/);
    });
  });

  it("the README's table matches .env.example", () => {
    expect(readmeTableVariables()).toEqual(envExampleVariables());
  });

  it('the README shows the two commands', () => {
    const readme = read('README.md');
    expect(readme).toContain('\nnpm install && npm start\n');
    expect(readme).toContain('\nnpm install && npm test\n');
  });
});
