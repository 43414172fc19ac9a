import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { buildDataSourceOptions, databaseKind } from './data-source-options';
import { runMigrations } from './migrations';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ENV],
      useFactory: (env: Env) => buildDataSourceOptions(env),
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        const applied = await runMigrations(dataSource);
        const logger = new Logger('Database');
        logger.log(`Connected to ${dataSource.options.type}; migrations applied: ${applied.length}`);
        return dataSource;
      },
    }),
  ],
  providers: [
    {
      provide: 'DATABASE_KIND',
      inject: [ENV],
      useFactory: (env: Env) => databaseKind(env),
    },
  ],
  exports: ['DATABASE_KIND'],
})
export class DatabaseModule {}
