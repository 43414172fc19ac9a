/**
 * The web app's server as the build ships it (`dist/apps/web-server/main.cjs`, from apps/web/server), loaded by the
 * tools that need it in their own process (the browser tests' stacks, the benchmarks): they exercise the bundle
 * production runs, not its sources. Tools do not import app code, so its interface is restated here (the parts
 * they use).
 */
import type { Server } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

export const WEB_SERVER_MAIN = join(repoRoot, 'dist/apps/web-server/main.cjs');
export const WEB_DIST = join(repoRoot, 'dist/apps/web');
export const SSR_ENTRY = join(repoRoot, 'dist/apps/web-server/entry-server.mjs');

export interface RunningWebServer {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

export interface WebServerBundle {
  startWebServer(options: {
    port: number;
    host?: string;
    apiUrl: string;
    distDir: string;
    ssrEntry: string | false;
    trustProxy?: boolean;
  }): Promise<RunningWebServer>;
}

/** The built web server (`npx nx run web:build` makes it). */
export function loadWebServer(): WebServerBundle {
  if (!existsSync(WEB_SERVER_MAIN))
    throw new Error(`${WEB_SERVER_MAIN} is missing: build the web app (npx nx run web:build)`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(WEB_SERVER_MAIN) as WebServerBundle;
}

/** Starts the built web server in this process in front of the API at `apiUrl`, as `npm start` runs it. */
export function startBuiltWebServer(
  port: number,
  apiUrl: string,
  host = '127.0.0.1',
): Promise<RunningWebServer> {
  return loadWebServer().startWebServer({ port, host, apiUrl, distDir: WEB_DIST, ssrEntry: SSR_ENTRY });
}
