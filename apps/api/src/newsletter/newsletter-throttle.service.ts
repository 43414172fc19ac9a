import { VISITOR_ERROR_CODES } from '@app/contracts/error-codes';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { clientNetworkKey } from '../common/outbound/address-policy';
import { databaseRateLimiter } from '../database/database-rate-limiter';

/** Sign-up attempts per IP address and window; a household behind one address still fits. */
export const NEWSLETTER_MAX_ATTEMPTS = 10;
export const NEWSLETTER_WINDOW_SECONDS = 60 * 60;
/** Visits of the signed confirm and unsubscribe links per IP address (IPv6 /64) and window. */
export const NEWSLETTER_LINK_MAX_ATTEMPTS = 60;

/**
 * Throttles `POST /api/newsletter/subscribe` per IP, in the database table `newsletter_throttle` (every API
 * process sees the same count), as the login throttle does. Every attempt counts, a success too: the form
 * must not become a way to post addresses in bulk.
 */
@Injectable()
export class NewsletterThrottleService {
  private readonly limiter: RateLimiterAbstract;
  private readonly links: RateLimiterAbstract;

  constructor(dataSource: DataSource) {
    this.limiter = databaseRateLimiter(dataSource, {
      tableName: 'newsletter_throttle',
      keyPrefix: 'newsletter',
      points: NEWSLETTER_MAX_ATTEMPTS,
      duration: NEWSLETTER_WINDOW_SECONDS,
    });
    this.links = databaseRateLimiter(dataSource, {
      tableName: 'newsletter_throttle',
      keyPrefix: 'newsletter-link',
      points: NEWSLETTER_LINK_MAX_ATTEMPTS,
      duration: NEWSLETTER_WINDOW_SECONDS,
    });
  }

  /** Takes one of the IP's visits of the signed links (confirm, unsubscribe); 429 once they are used up. */
  consumeLink(ip: string): Promise<void> {
    return this.take(this.links, ip, 'Too many visits of newsletter links');
  }

  /** Takes one of the IP's attempts (an IPv6 address counts as its /64: clientNetworkKey); 429 once they are used up. */
  consume(ip: string): Promise<void> {
    return this.take(this.limiter, ip, 'Too many sign-up attempts', VISITOR_ERROR_CODES.newsletterThrottled);
  }

  private async take(limiter: RateLimiterAbstract, ip: string, what: string, code?: string): Promise<void> {
    try {
      await limiter.consume(clientNetworkKey(ip), 1);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const minutes = Math.max(1, Math.ceil(error.msBeforeNext / 60_000));
      const message = `${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
      throw new HttpException(
        code ? { message, code, values: { minutes } } : message,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}
