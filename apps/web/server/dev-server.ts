/**
 * `npm run dev`'s web server: the same server as in production (web-app.ts), with Vite in middleware mode in place
 * of the build. Pages are rendered on the server as a crawler gets them (from the API's page model, `/` and the
 * watch pages with their content), from the sources as they are now; Vite's hot reload runs on the same address.
 *
 *   node --import tsx apps/web/server/dev-server.ts      PORT=4200 HOST=127.0.0.1 API_URL=http://127.0.0.1:3000
 *
 * tools/dev.ts starts it beside the API.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { createServer as createViteServer } from 'vite';
import { webEnvSchema } from './config';
import type { SsrEntry } from './ssr-entry';
import { prerenderedShell } from './page-shell';
import { startWebServer } from './web-app';

const webRoot = join(__dirname, '..');

async function main(): Promise<void> {
  const env = webEnvSchema.parse(
    Object.fromEntries(
      Object.entries(process.env).filter(([name, value]) => name in webEnvSchema.shape && value),
    ),
  );
  const server = createServer();
  const vite = await createViteServer({
    configFile: join(webRoot, 'vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server } },
  });
  const shell = async (url: string) => {
    const { render } = (await vite.ssrLoadModule('/src/prerender.tsx')) as { render: () => Promise<string> };
    const source = await readFile(join(webRoot, 'index.html'), 'utf8');
    return vite.transformIndexHtml(url, prerenderedShell(source, await render()));
  };
  const web = await startWebServer({
    server,
    host: env.HOST,
    port: env.PORT,
    apiUrl: env.API_URL,
    distDir: webRoot,
    ssrEntry: () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<SsrEntry>,
    dev: { middlewares: vite.middlewares, shell },
  });
  console.log(`Web server (dev, Vite) at ${web.url} (API proxied to ${env.API_URL})`);
  const stop = () => void Promise.all([web.close(), vite.close()]).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
