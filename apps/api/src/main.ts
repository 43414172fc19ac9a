import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { EnvError, loadEnv } from './config/env';
import { databaseKind } from './database/data-source-options';

async function main(): Promise<void> {
  const env = loadEnv();
  const app = await createApp(env);
  await app.listen(env.PORT, env.HOST);
  new Logger('Bootstrap').log(
    `API listening on http://${env.HOST}:${env.PORT}/api (${env.NODE_ENV}, ${databaseKind(env)})`,
  );
}

main().catch((error: Error) => {
  // An invalid environment is a configuration mistake: print the list, no stack trace.
  process.stderr.write(error instanceof EnvError ? `${error.message}\n` : `${error.stack ?? error}\n`);
  process.exit(1);
});
