import 'reflect-metadata';
import { type INestApplication, Logger } from '@nestjs/common';
import { mallocArenaAdvice } from '@app/node-server';
import type { Server } from 'node:http';
import { startDraining } from './common/draining';
import { EnvError, loadEnv } from './config/env';
import { databaseKind } from './database/data-source-options';

const SHUTDOWN_TIMEOUT_MS = 15_000;

/**
 * Graceful stop on SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish
 * (answers now say `Connection: close`), run the shutdown hooks (database closed), then exit 0.
 * Nest's own enableShutdownHooks closes the database before the HTTP server and re-raises the
 * signal afterwards (the process would end "killed by SIGTERM"), hence this handler.
 */
function stopGracefully(app: INestApplication, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing in-flight requests, then stopping`);
    setTimeout(() => {
      logger.error(`Still busy after ${SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    startDraining();
    const server: Server = app.getHttpServer();
    // Stop accepting first and let in-flight requests finish; only then close the database.
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    })
      .then(() => app.close())
      .then(
        () => {
          logger.log('Stopped');
          process.exit(0);
        },
        (error: Error) => {
          logger.error(`Shutdown failed: ${error.message}`);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function main(): Promise<void> {
  const env = loadEnv();
  // The application's modules load after the environment's checks: the collection their loading brings on then
  // frees what the strength checks used (withStrengthChecks), which V8 would otherwise carry until a sync.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require, so `npm run dev`'s swc hook loads it too
  const { createApp } = require('./app.factory') as typeof import('./app.factory.js');
  const app = await createApp(env);
  const logger = new Logger('Bootstrap');
  stopGracefully(app, logger);
  await app.listen(env.PORT, env.HOST);
  logger.log(`API listening on http://${env.HOST}:${env.PORT}/api (${env.NODE_ENV}, ${databaseKind(env)})`);
  const advice = env.NODE_ENV === 'production' ? mallocArenaAdvice(process.env) : null;
  if (advice) logger.warn(advice);
}

main().catch((error: Error) => {
  // An invalid environment is a configuration mistake: print the list, no stack trace.
  process.stderr.write(error instanceof EnvError ? `${error.message}\n` : `${error.stack ?? error}\n`);
  process.exit(1);
});
