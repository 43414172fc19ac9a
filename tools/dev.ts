/**
 * `npm run dev`: the site on one address while you change it. The web app runs in Vite's dev
 * server (hot reload) and proxies the API's paths to the API, which runs from its TypeScript
 * sources (swc) under `node --watch`: saving an API or contracts file restarts it in about a second.
 *
 * Same environment as `npm start` (PORT, HOST, API_PORT, `.env`, everything else to the API).
 * For production-like serving (built bundles, page head, compression) use `npm start`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { readEnvFile } from './lib/env-file';
import { isPortFree, waitForHttp } from './lib/net';
import { bin, repoRoot } from './lib/paths';
import { readyLine, startSettings } from './start';

export const API_SOURCE_MAIN = 'apps/api/src/main.ts';

/** The two dev processes: the API under `node --watch` (swc) and Vite's dev server. */
export function devCommands(settings: ReturnType<typeof startSettings>) {
  return {
    api: {
      command: process.execPath,
      args: ['--watch', '--enable-source-maps', '-r', '@swc-node/register', API_SOURCE_MAIN],
      env: { ...settings.apiEnv, SWC_NODE_PROJECT: 'apps/api/tsconfig.app.json' },
    },
    web: {
      command: bin('vite'),
      args: [
        '--config',
        'apps/web/vite.config.ts',
        '--host',
        settings.webHost,
        '--port',
        String(settings.webPort),
        '--strictPort',
      ],
      env: { ...process.env, API_PORT: String(settings.apiPort) },
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
