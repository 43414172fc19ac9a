/**
 * apps/web/nginx.conf run by the system's nginx in front of a running stack, as docker-compose puts it in front
 * of the API and the web app's Node server (web-ssr): the browser tests read the pages through it.
 *
 *   tsx tools/nginx-front.ts --port 4364 --api 127.0.0.1:4311 --ssr 127.0.0.1:4310 [--root dist/apps/web]
 */
import { join, resolve } from 'node:path';
import { parseOptions, wholeNumber } from './lib/args';
import { nginxBinary, startNginx } from './lib/nginx';
import { repoRoot } from './lib/paths';
import { closeOnSignal } from './lib/process';

async function main(argv: string[]): Promise<void> {
  const options = parseOptions(
    argv,
    {
      port: { type: 'string' },
      api: { type: 'string' },
      ssr: { type: 'string' },
      root: { type: 'string' },
    },
    'Usage: tsx tools/nginx-front.ts --port N --api HOST:PORT --ssr HOST:PORT [--root DIR]',
  );
  const binary = nginxBinary();
  if (!binary)
    throw new Error('nginx is not installed (apt-get install nginx; npm test installs it as root)');
  if (!options.api || !options.ssr) throw new Error('--api and --ssr are required');
  const nginx = await startNginx(binary, {
    port: wholeNumber('port', options.port),
    api: options.api,
    ssr: options.ssr,
    root: resolve(options.root ?? join(repoRoot, 'dist/apps/web')),
  });
  console.log(`nginx (apps/web/nginx.conf) at ${nginx.url}`);
  closeOnSignal({ close: () => nginx.stop() });
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
