import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Env } from './env';
import { deriveSecretKeys, SECRET_KEYS, sessionSecretOf } from './secret-keys';

/** Injection token of the validated environment. */
export const ENV = Symbol('ENV');

@Global()
@Module({})
export class ConfigModule {
  static forRoot(env: Env): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: ENV, useValue: env },
        { provide: SECRET_KEYS, useFactory: () => deriveSecretKeys(sessionSecretOf(env)) },
      ],
      exports: [ENV, SECRET_KEYS],
    };
  }
}
