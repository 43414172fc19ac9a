import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  RateLimiterMySQL,
  type RateLimiterAbstract,
  RateLimiterRes,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';

export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/**
 * Login throttling per IP and username: after 5 failures in 15 minutes the pair gets 429.
 * Counters live in the database table `login_throttle`, so every API process sees the same count.
 */
@Injectable()
export class LoginThrottleService {
  private readonly limiter: RateLimiterAbstract;

  constructor(dataSource: DataSource) {
    const options = {
      tableName: 'login_throttle',
      tableCreated: true,
      points: MAX_LOGIN_FAILURES,
      duration: LOGIN_FAILURE_WINDOW_SECONDS,
      clearExpiredByTimeout: false,
    };
    const driver = dataSource.driver as unknown as { databaseConnection?: unknown; pool?: unknown };
    this.limiter =
      dataSource.options.type === 'mysql'
        ? new RateLimiterMySQL({
            ...options,
            storeClient: driver.pool,
            storeType: 'pool',
            dbName: dataSource.driver.database!,
          })
        : new RateLimiterSQLite({
            ...options,
            storeClient: driver.databaseConnection,
            storeType: 'better-sqlite3',
          });
  }

  private key(ip: string, username: string): string {
    return `${ip}|${username.trim().toLowerCase()}`;
  }

  /** Throws 429 while the pair has used up its failures. */
  async assertAllowed(ip: string, username: string): Promise<void> {
    const res = await this.limiter.get(this.key(ip, username));
    if (res && res.consumedPoints >= MAX_LOGIN_FAILURES) throw this.tooMany(res);
  }

  async recordFailure(ip: string, username: string): Promise<void> {
    await this.limiter.penalty(this.key(ip, username), 1);
  }

  async reset(ip: string, username: string): Promise<void> {
    await this.limiter.delete(this.key(ip, username));
  }

  private tooMany(res: RateLimiterRes): HttpException {
    const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
    return new HttpException(
      `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
