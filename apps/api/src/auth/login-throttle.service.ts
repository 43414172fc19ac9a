import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { clientNetworkKey } from '../common/outbound/address-policy';
import { databaseRateLimiter } from '../database/database-rate-limiter';

export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/** Wrong two-factor codes for one admin from every IP together, in the same window. */
export const MAX_TWO_FACTOR_ACCOUNT_FAILURES = 10;
/** Passkey sign-ins started per IP in the same window: each stores a session with its challenge. */
export const MAX_PASSKEY_SIGN_IN_STARTS = 20;

/**
 * Password throttling: after 5 failures in 15 minutes, login answers 429 for that IP and username,
 * and change-password for that admin and IP; wrong two-factor codes likewise, per admin and IP, and
 * at most 10 per admin from all IPs together (so guesses spread over many addresses do not add up).
 * Counters live in the database table `login_throttle`, so every API process sees the same count. "IP" is
 * the client's network (clientNetworkKey): an IPv4 address, or an IPv6 address's /64, which one subscriber
 * holds whole.
 *
 * An attempt takes its point before the password is checked, in one atomic upsert (the store's
 * `consume`), and gives the counter back only on success: parallel requests cannot all read
 * "4 failures so far" and all be checked.
 */
@Injectable()
export class LoginThrottleService {
  private readonly limiter: RateLimiterAbstract;
  /** The per-admin cap on two-factor codes, in the same table (its keys have their own prefix). */
  private readonly accountLimiter: RateLimiterAbstract;
  /** Passkey sign-ins started, per IP (a stranger cannot fill the session table with challenges). */
  private readonly passkeyStartLimiter: RateLimiterAbstract;

  constructor(dataSource: DataSource) {
    this.limiter = this.createLimiter(dataSource, MAX_LOGIN_FAILURES);
    this.accountLimiter = this.createLimiter(dataSource, MAX_TWO_FACTOR_ACCOUNT_FAILURES);
    this.passkeyStartLimiter = this.createLimiter(dataSource, MAX_PASSKEY_SIGN_IN_STARTS);
  }

  private createLimiter(dataSource: DataSource, points: number): RateLimiterAbstract {
    return databaseRateLimiter(dataSource, {
      tableName: 'login_throttle',
      points,
      duration: LOGIN_FAILURE_WINDOW_SECONDS,
    });
  }

  /** Takes one of the IP and username's attempts before the password is checked; 429 once they are used up. */
  consumeLogin(ip: string, username: string): Promise<void> {
    return this.consume(this.limiter, this.loginKey(ip, username), 'Too many failed login attempts');
  }

  /** A correct password clears the pair's failures. */
  async resetLogin(ip: string, username: string): Promise<void> {
    await this.limiter.delete(this.loginKey(ip, username));
  }

  /** Same for the current password that change-password checks, per admin and IP. */
  consumeCurrentPassword(userId: number, ip: string): Promise<void> {
    return this.consume(
      this.limiter,
      this.currentPasswordKey(userId, ip),
      'Too many wrong current passwords',
    );
  }

  async resetCurrentPassword(userId: number, ip: string): Promise<void> {
    await this.limiter.delete(this.currentPasswordKey(userId, ip));
  }

  /**
   * Two-factor codes (at login and for step-up): per admin and IP like passwords, then per admin from every
   * IP together (a code not checked because its IP is over the limit does not count for the admin).
   */
  async consumeTwoFactor(userId: number, ip: string): Promise<void> {
    await this.consume(this.limiter, this.twoFactorKey(userId, ip), 'Too many wrong codes');
    await this.consume(
      this.accountLimiter,
      this.twoFactorAccountKey(userId),
      'Too many wrong codes for this account',
    );
  }

  /**
   * A right code clears the IP's failures and gives the admin's cap back the point it took, so the cap
   * counts wrong codes only; the wrong ones from other IPs still count.
   */
  async resetTwoFactor(userId: number, ip: string): Promise<void> {
    await this.limiter.delete(this.twoFactorKey(userId, ip));
    await this.accountLimiter.reward(this.twoFactorAccountKey(userId), 1);
  }

  /** Each passkey sign-in's options (a challenge kept in a new session) take one of the IP's points. */
  consumePasskeyStart(ip: string): Promise<void> {
    return this.consume(
      this.passkeyStartLimiter,
      `passkey-start|${clientNetworkKey(ip)}`,
      'Too many passkey sign-ins',
    );
  }

  private loginKey(ip: string, username: string): string {
    return `${clientNetworkKey(ip)}|${username.trim().toLowerCase()}`;
  }

  /** Login keys start with an IP, so this prefix cannot meet one of them. */
  private currentPasswordKey(userId: number, ip: string): string {
    return `change-password|${userId}|${clientNetworkKey(ip)}`;
  }

  private twoFactorKey(userId: number, ip: string): string {
    return `two-factor|${userId}|${clientNetworkKey(ip)}`;
  }

  private twoFactorAccountKey(userId: number): string {
    return `two-factor-account|${userId}`;
  }

  private async consume(limiter: RateLimiterAbstract, key: string, what: string): Promise<void> {
    try {
      await limiter.consume(key, 1);
    } catch (error) {
      // rate-limiter-flexible rejects with a RateLimiterRes when the points are used up, an Error otherwise.
      if (error instanceof RateLimiterRes) throw this.tooMany(what, error);
      throw error;
    }
  }

  private tooMany(what: string, res: RateLimiterRes): HttpException {
    const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
    return new HttpException(
      `${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
