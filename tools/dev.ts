/**
 * `npm run dev`: the site on one address while you change it. The web app's own server
 * (apps/web/server, the code `npm start` and Docker run) with Vite in middleware mode in place of the
 * build: pages rendered on the server as a crawler gets them, hot reload, the API's paths proxied to
 * the API, which runs from its TypeScript sources (swc) under `node --watch`: saving an API or
 * contracts file restarts it in about a second.
 *
 * Same environment as `npm start` (PORT, HOST, API_PORT, `.env`, everything else to the API).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { readEnvFile } from './lib/env-file';
import { isPortFree, waitForHttp } from './lib/net';
import { repoRoot } from './lib/paths';
import { readyLine, startSettings } from './start';

export const API_SOURCE_MAIN = 'apps/api/src/main.ts';
export const WEB_DEV_SERVER = 'apps/web/server/dev-server.ts';

/** The two dev processes: the API under `node --watch` (swc) and the web server with Vite (tsx). */
export function devCommands(settings: ReturnType<typeof startSettings>) {
  return {
    api: {
      command: process.execPath,
      args: ['--watch', '--enable-source-maps', '-r', '@swc-node/register', API_SOURCE_MAIN],
      env: { ...settings.apiEnv, SWC_NODE_PROJECT: 'apps/api/tsconfig.app.json' },
    },
    web: {
      command: process.execPath,
      args: ['--import', 'tsx', WEB_DEV_SERVER],
      env: { ...process.env, ...settings.webEnv, WEB_DIST: '' },
    },
  };
}

async function main(): Promise<void> {
  const settings = startSettings(process.env, readEnvFile(join(repoRoot, '.env')));
  for (const [port, name] of [
    [settings.apiPort, 'API_PORT'],
    [settings.webPort, 'PORT'],
  ] as const) {
    if (!(await isPortFree(port)))
      throw new Error(`${name} ${port} is already in use; set ${name} to a free port`);
  }
  const commands = devCommands(settings);
  const children: ChildProcess[] = [];
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 2_000).unref();
    Promise.all(
      children.map((c) => new Promise((done) => (c.exitCode !== null ? done(0) : c.once('exit', done)))),
    ).then(() => process.exit(code));
  };
  for (const [name, { command, args, env }] of Object.entries(commands)) {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
    child.once('exit', (code) => {
      if (stopping) return;
      console.error(`\nThe ${name} process exited with code ${code}; stopping.`);
      stop(code || 1);
    });
    children.push(child);
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stop(0));

  const webUrl = `http://${settings.webHost}:${settings.webPort}`;
  await waitForHttp(`http://127.0.0.1:${settings.apiPort}/api/health`, { timeoutMs: 120_000 });
  await waitForHttp(webUrl, { timeoutMs: 60_000 });
  console.log(`\n${readyLine(webUrl, settings.usingDefaultAdmin)} (dev: hot reload, API restarts on save)\n`);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
