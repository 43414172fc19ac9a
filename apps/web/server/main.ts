/**
 * The web server's entry, bundled into `dist/apps/web-server/main.cjs` (`nx run web:build`) and run with plain
 * Node: `npm start` starts it beside the API, the Docker image runs it, and the tools load the same bundle.
 *
 *   node dist/apps/web-server/main.cjs        PORT=4200 HOST=127.0.0.1 API_URL=http://127.0.0.1:3000
 *
 * Its configuration (config.ts) is read and checked once; a wrong value stops it with a message naming it.
 */
import { loadWebConfig } from './config';
import { startWebServer } from './web-app';

export { loadWebConfig } from './config';
export { createWebApp, startWebServer, type RunningWebServer, type WebServerOptions } from './web-app';

async function main(): Promise<void> {
  const config = loadWebConfig(process.env, __dirname);
  const web = await startWebServer(config);
  console.log(`Web server at ${web.url} (API proxied to ${config.apiUrl})`);
  const stop = () => void web.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
