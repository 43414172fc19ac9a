import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { ChannelModule } from './channel/channel.module';
import { CommonModule } from './common/common.module';
import { RequestLoggerMiddleware } from './common/request-logger.middleware';
import { ConfigModule } from './config/config.module';
import type { Env } from './config/env';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo/demo.module';
import { HealthModule } from './health/health.module';

@Module({})
export class AppModule implements NestModule {
  private static logRequests = true;

  static forRoot(env: Env): DynamicModule {
    AppModule.logRequests = env.LOG_REQUESTS;
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        CommonModule,
        DatabaseModule,
        HealthModule,
        ChannelModule,
        DemoModule,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    if (AppModule.logRequests) consumer.apply(RequestLoggerMiddleware).forRoutes('*path');
  }
}
