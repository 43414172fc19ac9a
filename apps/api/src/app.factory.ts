import type { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { AppModule } from './app.module';
import type { Env } from './config/env';

export interface CreateAppOptions {
  logger?: LogLevel[] | false;
}

/** Builds the configured Nest application (used by main.ts and by the integration tests). */
export async function createApp(env: Env, options: CreateAppOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env), {
    logger: options.logger ?? ['log', 'warn', 'error'],
    bodyParser: false,
  });
  app.set('trust proxy', env.TRUST_PROXY ? 1 : false);
  app.disable('x-powered-by');
  app.setGlobalPrefix('api', { exclude: ['sitemap.xml', 'rss.xml', 'robots.txt'] });
  app.use(helmet());
  app.useBodyParser('json', { limit: '4mb' });
  app.enableShutdownHooks();
  return app;
}
