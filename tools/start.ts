/**
 * `npm start`: builds the API and the web app (Nx skips what is up to date), starts the
 * API as a child process on the embedded SQLite database (or DATABASE_URL), waits for
 * /api/health, then starts the web app's server (`dist/apps/web-server/main.cjs`, plain Node, as the
 * Docker image runs it), which serves the site and proxies the API on one address.
 *
 *   npm start                      build, then run at http://127.0.0.1:4200
 *   npm start -- --no-build        run what dist/ holds (the Playwright specs do this)
 *
 * Environment (and `.env`, except under NODE_ENV=test): PORT/HOST are the web server's
 * address, TRUST_PROXY whether a proxy in front of it sets X-Forwarded-*; the API listens on
 * 127.0.0.1:API_PORT (default 3000) and trusts the web server. Everything else goes to the API
 * as it is (see .env.example).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_PROCESS_ENV } from '@app/node-server/malloc-arenas';
import { parseOptions } from './lib/args';
import { readEnvFile } from './lib/env-file';
import { isPortFree, waitForHttp } from './lib/net';
import { repoRoot } from './lib/paths';
import { run } from './lib/process';
import { WEB_DIST, WEB_SERVER_MAIN } from './lib/web-server';

export const API_MAIN = join(repoRoot, 'dist/apps/api/apps/api/src/main.js');

export interface StartSettings {
  webPort: number;
  webHost: string;
  apiPort: number;
  /** Environment handed to the API process. */
  apiEnv: NodeJS.ProcessEnv;
  /** Environment handed to the web server process (apps/web/server/config.ts). */
  webEnv: NodeJS.ProcessEnv;
  usingDefaultAdmin: boolean;
}

/**
 * The process environment wins over `.env`; tests (NODE_ENV=test) never read `.env`, so a
 * developer's settings cannot leak into them.
 */
export function startSettings(processEnv: NodeJS.ProcessEnv, envFile: Record<string, string>): StartSettings {
  const merged: NodeJS.ProcessEnv =
    processEnv.NODE_ENV === 'test' ? { ...processEnv } : { ...envFile, ...processEnv };
  const number = (name: string, fallback: number) => {
    const raw = merged[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 65535)
      throw new Error(`${name} must be a port number, got "${raw}"`);
    return value;
  };
  const webPort = number('PORT', 4200);
  const apiPort = number('API_PORT', 3000);
  if (webPort === apiPort && webPort !== 0)
    throw new Error(`PORT and API_PORT are both ${webPort}; pick two ports`);
  const apiEnv: NodeJS.ProcessEnv = {
    ...SERVER_PROCESS_ENV,
    ...merged,
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    // The API only ever sees requests through the web server (one hop), which sets X-Forwarded-*.
    TRUST_PROXY: 'true',
  };
  delete apiEnv.API_PORT;
  const webHost = merged.HOST || '127.0.0.1';
  const webEnv: NodeJS.ProcessEnv = {
    MALLOC_ARENA_MAX: merged.MALLOC_ARENA_MAX || SERVER_PROCESS_ENV.MALLOC_ARENA_MAX,
    PATH: processEnv.PATH,
    NODE_ENV: merged.NODE_ENV,
    HOST: webHost,
    PORT: String(webPort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    WEB_DIST: merged.WEB_DIST || WEB_DIST,
    TRUST_PROXY: merged.TRUST_PROXY,
    // The site's address: the API's links name it, and the web server keeps one page for every host.
    PUBLIC_URL: merged.PUBLIC_URL,
  };
  return {
    webPort,
    webHost,
    apiPort,
    apiEnv,
    webEnv,
    usingDefaultAdmin: !merged.ADMIN_PASSWORD,
  };
}

export function readyLine(url: string, usingDefaultAdmin: boolean): string {
  const login = usingDefaultAdmin
    ? 'dev login admin / admin123'
    : 'log in with ADMIN_USERNAME / ADMIN_PASSWORD';
  return `Site ready at ${url}  (admin: ${url}/admin, ${login})`;
}

const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

async function main(argv: string[]): Promise<void> {
  const options = parseOptions(
    argv,
    { 'no-build': { type: 'boolean', default: false } },
    'Usage: npm start [-- --no-build]',
  );
  const settings = startSettings(process.env, readEnvFile(join(repoRoot, '.env')));

  if (!options['no-build']) {
    console.log('Building api and web (Nx reuses what is up to date)…');
    await run(join(repoRoot, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '-p', 'api', 'web'], {
      env: nxEnv,
    });
  }
  for (const [file, what] of [
    [API_MAIN, 'api'],
    [join(WEB_DIST, 'index.html'), 'web'],
    [WEB_SERVER_MAIN, 'web'],
  ]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: build it (npx nx run ${what}:build) or drop --no-build`);
  }
  if (!(await isPortFree(settings.apiPort))) {
    throw new Error(
      `API_PORT ${settings.apiPort} is already in use (another npm start?); set API_PORT to a free port`,
    );
  }

  if (settings.webPort !== 0 && !(await isPortFree(settings.webPort, settings.webHost))) {
    throw new Error(
      `PORT ${settings.webPort} on ${settings.webHost} is already in use; set PORT to a free port`,
    );
  }

  const children = new Map<string, { child: ChildProcess; exit?: string; exited: Promise<void> }>();
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // The web server first (it stops taking visitors), then the API.
    for (const name of ['web', 'API']) {
      const entry = children.get(name);
      if (!entry || entry.exit) continue;
      entry.child.kill('SIGTERM');
      const timer = setTimeout(() => entry.child.kill('SIGKILL'), 10_000);
      await entry.exited;
      clearTimeout(timer);
    }
    process.exit(code);
  };
  /** A child process of npm start: when it ends on its own, everything stops. */
  const startChild = (name: string, main: string, env: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, ['--enable-source-maps', main], {
      cwd: repoRoot,
      env,
      stdio: 'inherit',
    });
    const entry: { child: ChildProcess; exit?: string; exited: Promise<void> } = {
      child,
      exited: new Promise<void>((done) =>
        child.once('exit', (code, signal) => {
          entry.exit = signal ? `killed by ${signal}` : `exited with code ${code}`;
          done();
          if (stopping) return;
          console.error(`\nThe ${name} process ${entry.exit}; stopping (its output is above).`);
          void shutdown(code || 1);
        }),
      ),
    };
    children.set(name, entry);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void shutdown(0));

  startChild('API', API_MAIN, settings.apiEnv);
  const webUrl = `http://${settings.webHost.includes(':') ? `[${settings.webHost}]` : settings.webHost}:${settings.webPort}`;
  const shownUrl = webUrl.replace(/\/\/(0\.0\.0\.0|\[::\]):/, '//127.0.0.1:');
  try {
    await waitForHttp(`http://127.0.0.1:${settings.apiPort}/api/health`, {
      timeoutMs: 120_000,
      abort: () => children.get('API')?.exit && `the API ${children.get('API')?.exit}`,
    });
    startChild('web', WEB_SERVER_MAIN, settings.webEnv);
    // Through the web server: it answers, and reaches the API.
    await waitForHttp(`${shownUrl}/api/health`, {
      timeoutMs: 30_000,
      abort: () => children.get('web')?.exit && `the web server ${children.get('web')?.exit}`,
    });
  } catch (error) {
    if (stopping) return;
    console.error((error as Error).message);
    await shutdown(1);
    return;
  }
  console.log(`\n${readyLine(shownUrl, settings.usingDefaultAdmin)}\n`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
