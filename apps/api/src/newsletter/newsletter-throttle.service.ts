import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  RateLimiterMySQL,
  type RateLimiterAbstract,
  RateLimiterRes,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';

/** Sign-up attempts per IP address and window; a household behind one address still fits. */
export const NEWSLETTER_MAX_ATTEMPTS = 10;
export const NEWSLETTER_WINDOW_SECONDS = 60 * 60;

/**
 * Throttles `POST /api/newsletter/subscribe` per IP, in the database table `newsletter_throttle` (every API
 * process sees the same count), as the login throttle does. Every attempt counts, a success too: the form
 * must not become a way to post addresses in bulk.
 */
@Injectable()
export class NewsletterThrottleService {
  private readonly limiter: RateLimiterAbstract;

  constructor(dataSource: DataSource) {
    const options = {
      tableName: 'newsletter_throttle',
      tableCreated: true,
      keyPrefix: 'newsletter',
      points: NEWSLETTER_MAX_ATTEMPTS,
      duration: NEWSLETTER_WINDOW_SECONDS,
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

  /** Takes one of the IP's attempts; 429 once they are used up. */
  async consume(ip: string): Promise<void> {
    try {
      await this.limiter.consume(ip, 1);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const minutes = Math.max(1, Math.ceil(error.msBeforeNext / 60_000));
      throw new HttpException(
        `Too many sign-up attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}
