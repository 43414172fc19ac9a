import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { NewsletterDeleteResult, NewsletterSubscribeResult, NewsletterSummary } from '@app/contracts';
import {
  Between,
  IsNull,
  LessThan,
  LessThanOrEqual,
  Not,
  Or,
  QueryFailedError,
  type Repository,
} from 'typeorm';
import { VISITOR_ERROR_CODES } from '@app/contracts/error-codes';
import { en } from '@app/contracts/i18n/en';
import { DEFAULT_SITE_LANGUAGE, isSiteLanguage, type SiteLanguage } from '@app/contracts/site-language';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import { DEFAULT_MAILCHIMP_API_BASE_URL, type Env } from '../config/env';
import { SECRET_KEYS, type SecretKeys } from '../config/secret-keys';
import { type OutboundPolicy, outboundPolicy } from '../common/outbound/outbound-http';
import { EmailService } from '../notifications/email.service';
import type { EmailMessage } from '../notifications/email-messages';
import { EMAIL_NEEDS_PUBLIC_URL } from '../notifications/email-origin';
import { SettingsService } from '../settings/settings.service';
import { AppLockService } from '../youtube/app-lock.service';
import {
  addMember,
  deleteMemberPermanently,
  type MailchimpTarget,
  type MemberOutcome,
} from './mailchimp-members';
import { subscribersCsv } from './newsletter-csv';
import {
  CONFIRM_LINK_TTL_MS,
  listUnsubscribeHeaders,
  NEWSLETTER_LINK_TTL_MS,
  type NewsletterLinkPurpose,
  newsletterLinkUrl,
  signNewsletterLink,
  verifyNewsletterLink,
} from './newsletter-links';
import {
  NEWSLETTER_PAGES,
  type NewsletterPage,
  renderConfirmationEmail,
  withUnsubscribeFooter,
} from './newsletter-pages';
import { NewsletterSubscriberEntity } from './newsletter-subscriber.entity';

/** Held while one process sends the waiting addresses to Mailchimp. */
export const NEWSLETTER_SYNC_LOCK = 'newsletter-sync';
/** Claimed for one interval by the process whose timer runs the scheduled retry. */
export const NEWSLETTER_SYNC_SCHEDULE = 'newsletter-sync-schedule';
export const NEWSLETTER_SYNC_TICK_MS = 60_000;
/** A visitor waits at most this long for Mailchimp; the retry covers a slower answer. */
export const SIGN_UP_MAILCHIMP_TIMEOUT_MS = 3000;
/** A new row is not retried while its first attempt may still be under way. */
const FIRST_ATTEMPT_LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
const SYNC_BATCH = 50;

/** After the n-th failed attempt: 1, 2, 4, 8 … minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, attempts - 1));
}

type ResultCode = NewsletterSubscribeResult['code'];

/** The sign-up's answers in English (the site shows them in its language by their code: issue 26). */
export const NEWSLETTER_MESSAGES = {
  subscribed: en['newsletter.message.subscribed'],
  confirm: en['newsletter.message.confirm'],
  confirmLater: en['newsletter.message.confirmLater'],
} as const satisfies Record<ResultCode, string>;

function answer(code: ResultCode): NewsletterSubscribeResult {
  return {
    status: code === 'subscribed' ? 'subscribed' : 'confirm',
    code,
    message: NEWSLETTER_MESSAGES[code],
  };
}

/** Every row but those still to confirm their address: the subscribers. */
const NOT_PENDING = Not('pending' as const);

function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string } | undefined)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'ER_DUP_ENTRY';
}

/**
 * The newsletter (issue 14): sign-ups from the Subscribe form are always stored in `newsletter_subscriber`
 * first; with Mailchimp configured (API key and audience id) each is then added to the audience with double
 * opt-in. An address Mailchimp could not take now (5xx, timeout, network) stays `pending` and is retried
 * with backoff, by one process at a time (`app_lock`), on a timer and after each sign-up.
 */
@Injectable()
export class NewsletterService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(NewsletterService.name);
  private readonly policy: OutboundPolicy;
  private readonly linkKey: Buffer;
  private timer?: NodeJS.Timeout;
  /** The confirmation e-mails under way (tests wait for them). */
  private sending = new Set<Promise<void>>();

  constructor(
    @InjectRepository(NewsletterSubscriberEntity)
    private readonly subscribers: Repository<NewsletterSubscriberEntity>,
    private readonly settings: SettingsService,
    private readonly locks: AppLockService,
    private readonly clock: Clock,
    private readonly email: EmailService,
    @Inject(ENV) private readonly env: Env,
    @Inject(SECRET_KEYS) keys: SecretKeys,
  ) {
    this.policy = outboundPolicy(env);
    this.linkKey = keys.newsletterLinks;
  }

  /** Tests (and the browser tests' stacks, NODE_ENV=test) retry on demand instead of on a timer. */
  onApplicationBootstrap(): void {
    if (this.env.NODE_ENV === 'test') return;
    this.timer = setInterval(() => void this.tick(), NEWSLETTER_SYNC_TICK_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /**
   * One sign-up. A filled honeypot answers like a new sign-up and stores nothing. The same address again
   * changes nothing (one row, also under parallel requests: the unique index decides) and answers like a new
   * sign-up too, so the form cannot tell whether an address is on the list (issue 25). 400 when Mailchimp
   * refuses the address for good.
   */
  async subscribe(email: string, honeypot: string | undefined): Promise<NewsletterSubscribeResult> {
    const target = await this.target();
    // Without Mailchimp, a local sign-up is confirmed by the site's own e-mail when it can send one (issue 25).
    const doubleOptIn = !target && (await this.email.canSend());
    const asNew: NewsletterSubscribeResult = target || doubleOptIn ? answer('confirm') : answer('subscribed');
    if (honeypot) return asNew;
    const now = new Date(this.clock.now());
    const row = this.subscribers.create({
      email,
      createdAt: now,
      mailchimpStatus: target ? 'pending' : 'local',
      attempts: 0,
      lastError: null,
      nextAttemptAt: target ? new Date(now.getTime() + FIRST_ATTEMPT_LEASE_MS) : null,
      syncedAt: null,
      confirmation: doubleOptIn ? 'pending' : 'none',
    });
    const already = async () => {
      this.retrySoon();
      const existing = await this.subscribers.findOneBy({ email });
      if (existing?.mailchimpStatus === 'failed') throw this.refused(existing.lastError);
      // Still to confirm: a fresh link (the old one's time runs out). Sent in the background, as for a new
      // sign-up, so the answer's timing does not tell either.
      if (existing?.confirmation === 'pending' && doubleOptIn) {
        await this.subscribers.update({ id: existing.id }, { createdAt: now });
        this.sendInBackground(email);
      }
      return asNew;
    };
    // The usual repeat is found first; two requests racing past this check meet the unique index.
    if (await this.subscribers.existsBy({ email })) return already();
    try {
      await this.subscribers.insert(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return already();
    }
    if (doubleOptIn) {
      this.sendInBackground(email);
      return asNew;
    }
    if (!target) return answer('subscribed');

    const outcome = await this.attempt(row, target, SIGN_UP_MAILCHIMP_TIMEOUT_MS);
    this.retrySoon();
    if (outcome.kind === 'failed') throw this.refused(outcome.error);
    if (outcome.kind === 'retry') return answer('confirmLater');
    // A member of the audience already (subscribed elsewhere) is answered like a new one as well.
    return asNew;
  }

  async summary(): Promise<NewsletterSummary> {
    const [subscribers, pendingConfirmation, pendingSync, target, canEmail] = await Promise.all([
      this.subscribers.countBy({ confirmation: NOT_PENDING }),
      this.subscribers.countBy({ confirmation: 'pending' }),
      this.subscribers.countBy({ mailchimpStatus: 'pending' }),
      this.target(),
      this.email.canSend(),
    ]);
    return {
      subscribers,
      pendingConfirmation,
      pendingSync,
      provider: target ? 'mailchimp' : 'local',
      optIn: target ? 'mailchimp' : canEmail ? 'email' : 'none',
    };
  }

  /** Sign-ups in [from, to) (the weekly summary's count), not those still to confirm. */
  signUpsBetween(from: Date, to: Date): Promise<number> {
    return this.subscribers.countBy({
      createdAt: Between(from, new Date(to.getTime() - 1)),
      confirmation: NOT_PENDING,
    });
  }

  /** The list as CSV, oldest first, without the sign-ups still to confirm. */
  async csv(): Promise<string> {
    const rows = await this.subscribers.find({
      where: { confirmation: NOT_PENDING },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return subscribersCsv(rows);
  }

  /**
   * A privacy request: deletes the address from the local list and, with Mailchimp configured, from the
   * audience for good. 404 when the list does not have it.
   */
  async remove(email: string): Promise<NewsletterDeleteResult> {
    const row = await this.subscribers.findOneBy({ email });
    if (!row) throw new NotFoundException(`${email} is not on the newsletter list`);
    await this.subscribers.delete({ id: row.id });
    const target = await this.target();
    if (!target) {
      return {
        email,
        mailchimp: 'not-configured',
        message: 'Deleted from the local list (no Mailchimp audience is set)',
      };
    }
    const result = await deleteMemberPermanently({ ...target, policy: this.policy }, email);
    return {
      email,
      mailchimp: result.ok ? 'deleted' : 'failed',
      message: `Deleted from the local list. ${result.message}`,
    };
  }

  /**
   * The confirmation link's page: the address's pending sign-up becomes a subscriber. A link already used
   * says so again (confirmed); one whose sign-up is gone (deleted, unsubscribed, pruned) has expired.
   */
  async confirm(token: string): Promise<NewsletterPage> {
    const opened = await this.openLink(token, 'confirm');
    if ('page' in opened) return opened.page;
    const { email, language } = opened;
    const row = await this.subscribers.findOneBy({ email });
    if (!row) return NEWSLETTER_PAGES.expired(language, 'confirm');
    if (row.confirmation === 'pending') {
      await this.subscribers.update({ id: row.id, confirmation: 'pending' }, { confirmation: 'confirmed' });
    }
    return NEWSLETTER_PAGES.confirmed(language, email);
  }

  /** The unsubscribe link's GET: asks (a button posting to the same link), changes nothing. */
  async askUnsubscribe(token: string): Promise<NewsletterPage> {
    const opened = await this.openLink(token, 'unsubscribe');
    return 'page' in opened ? opened.page : NEWSLETTER_PAGES.askUnsubscribe(opened.language, opened.email);
  }

  /**
   * One-click unsubscribe (RFC 8058's POST, or the page's button): the address leaves the local list (its row
   * is deleted). The same answer whether or not it was still on it.
   */
  async unsubscribe(token: string): Promise<NewsletterPage> {
    const opened = await this.openLink(token, 'unsubscribe');
    if ('page' in opened) return opened.page;
    const { affected } = await this.subscribers.delete({ email: opened.email });
    if (affected) this.logger.log('Newsletter: one address unsubscribed by its link');
    return NEWSLETTER_PAGES.unsubscribed(opened.language, opened.email);
  }

  /**
   * A link's token checked for its purpose, in the site's language: its address, or the page that says why it
   * cannot be used (expired, or not one of ours).
   */
  private async openLink(
    token: string,
    purpose: NewsletterLinkPurpose,
  ): Promise<{ email: string; language: SiteLanguage } | { page: NewsletterPage }> {
    const check = verifyNewsletterLink(token, purpose, this.linkKey, this.clock.now());
    const language = await this.language();
    if (check.ok) return { email: check.link.email, language };
    return {
      page:
        check.reason === 'expired'
          ? NEWSLETTER_PAGES.expired(language, purpose)
          : NEWSLETTER_PAGES.invalid(language),
    };
  }

  /**
   * Personal data no longer than needed: a sign-up nobody confirmed is deleted once its link has expired
   * (CONFIRM_LINK_TTL_MS). Returns how many.
   */
  async prunePending(): Promise<number> {
    const before = new Date(this.clock.now() - CONFIRM_LINK_TTL_MS);
    const { affected } = await this.subscribers.delete({
      confirmation: 'pending',
      createdAt: LessThan(before),
    });
    if (affected) this.logger.log(`Newsletter: ${affected} unconfirmed sign-up(s) deleted`);
    return affected ?? 0;
  }

  /** Resolves once the confirmation e-mails under way have been sent (or failed). */
  async settled(): Promise<void> {
    while (this.sending.size) await Promise.all([...this.sending]);
  }

  /**
   * The one way the site e-mails a subscriber: the message gets its signed unsubscribe link in the body and in
   * the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 2369, RFC 8058).
   */
  async sendToSubscriber(email: string, message: EmailMessage) {
    const unsubscribeUrl = this.linkUrl('unsubscribe', email);
    const [contactEmail, language] = await Promise.all([this.settings.get('contactEmail'), this.language()]);
    return this.email.deliver({
      to: email,
      ...withUnsubscribeFooter(message, unsubscribeUrl, language),
      headers: listUnsubscribeHeaders(unsubscribeUrl, contactEmail),
    });
  }

  /**
   * A signed link of `purpose` for `email`, valid from now for its time (NEWSLETTER_LINK_TTL_MS), on the e-mails'
   * origin (PUBLIC_URL, or the API's configured address outside production), never a request's host.
   */
  linkUrl(purpose: NewsletterLinkPurpose, email: string): string {
    const origin = this.email.linkOrigin;
    if (origin === null) throw new Error(`No newsletter link: ${EMAIL_NEEDS_PUBLIC_URL}`);
    const token = signNewsletterLink(
      { purpose, email, expiresAt: this.clock.now() + NEWSLETTER_LINK_TTL_MS[purpose] },
      this.linkKey,
    );
    return newsletterLinkUrl(origin, purpose, token);
  }

  private sendInBackground(email: string): void {
    const sent: Promise<void> = (async () => {
      const [siteName, language] = await Promise.all([this.settings.siteName(), this.language()]);
      const confirmUrl = this.linkUrl('confirm', email);
      const outcome = await this.sendToSubscriber(
        email,
        renderConfirmationEmail(siteName, confirmUrl, language),
      );
      if (!outcome.ok) this.logger.warn(`Newsletter confirmation e-mail failed: ${outcome.message}`);
    })()
      .catch((error: Error) => this.logger.warn(`Newsletter confirmation e-mail failed: ${error.message}`))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** The site's language (issue 26): what its e-mails to subscribers and its link pages are written in. */
  private async language(): Promise<SiteLanguage> {
    const language = await this.settings.get('siteLanguage');
    return isSiteLanguage(language) ? language : DEFAULT_SITE_LANGUAGE;
  }

  /**
   * Sends the waiting addresses whose backoff has passed, oldest first, in one process at a time. Stops at
   * the first one Mailchimp could not take now (it is down). Null when Mailchimp is not configured or another
   * process is at it.
   */
  async syncPending(): Promise<{ tried: number; synced: number } | null> {
    const target = await this.target();
    if (!target) return null;
    const lock = await this.locks.acquire(NEWSLETTER_SYNC_LOCK, 60_000);
    if (!lock) return null;
    let tried = 0;
    let synced = 0;
    try {
      const now = new Date(this.clock.now());
      const due = await this.subscribers.find({
        where: { mailchimpStatus: 'pending', nextAttemptAt: Or(IsNull(), LessThanOrEqual(now)) },
        order: { id: 'ASC' },
        take: SYNC_BATCH,
      });
      for (const row of due) {
        // Deleted meanwhile (a privacy request): never send it again.
        if (!(await this.subscribers.existsBy({ id: row.id, mailchimpStatus: 'pending' }))) continue;
        tried += 1;
        const outcome = await this.attempt(row, target, this.policy.timeoutMs);
        if (outcome.kind === 'synced') synced += 1;
        if (outcome.kind === 'retry') break;
      }
    } finally {
      await lock.release().catch((e: Error) => this.logger.warn(`Releasing the lock: ${e.message}`));
    }
    if (tried) this.logger.log(`Newsletter: ${synced} of ${tried} waiting address(es) sent to Mailchimp`);
    return { tried, synced };
  }

  /** The scheduled retry: at most once per interval across every API process. Never throws. */
  async tick(): Promise<void> {
    try {
      await this.prunePending();
      if (!(await this.target())) return;
      if (!(await this.locks.claim(NEWSLETTER_SYNC_SCHEDULE, NEWSLETTER_SYNC_TICK_MS - 1000))) return;
      await this.syncPending();
    } catch (error) {
      this.logger.warn(`Newsletter retry skipped: ${(error as Error).message}`);
    }
  }

  /** In the background after a sign-up: the addresses waiting since an outage go with the next visitor. */
  private retrySoon(): void {
    void this.syncPending().catch((error: Error) =>
      this.logger.warn(`Newsletter retry failed: ${error.message}`),
    );
  }

  private refused(error: string | null): BadRequestException {
    const reason = error ?? 'no reason given';
    return new BadRequestException({
      message: `email: Mailchimp refused this address (${reason})`,
      code: VISITOR_ERROR_CODES.newsletterRefused,
      values: { reason },
    });
  }

  private async attempt(
    row: NewsletterSubscriberEntity,
    target: Omit<MailchimpTarget, 'policy'>,
    timeoutMs: number,
  ): Promise<MemberOutcome> {
    const attempts = row.attempts + 1;
    const outcome = await addMember({ ...target, policy: { ...this.policy, timeoutMs } }, row.email);
    const now = this.clock.now();
    const change: Partial<NewsletterSubscriberEntity> =
      outcome.kind === 'synced'
        ? { mailchimpStatus: 'synced', syncedAt: new Date(now), lastError: null, nextAttemptAt: null }
        : outcome.kind === 'retry'
          ? { lastError: outcome.error, nextAttemptAt: new Date(now + retryDelayMs(attempts)) }
          : { mailchimpStatus: 'failed', lastError: outcome.error, nextAttemptAt: null };
    await this.subscribers.update({ id: row.id }, { attempts, ...change });
    if (outcome.kind !== 'synced') this.logger.warn(`Newsletter subscriber #${row.id}: ${outcome.error}`);
    return outcome;
  }

  /** Mailchimp's audience when both its key and audience id are set, else null (the local list only). */
  private async target(): Promise<Omit<MailchimpTarget, 'policy'> | null> {
    const { mailchimpApiKey, mailchimpAudienceId } = await this.settings.getMany([
      'mailchimpApiKey',
      'mailchimpAudienceId',
    ]);
    if (!mailchimpApiKey || !mailchimpAudienceId) return null;
    return {
      apiKey: mailchimpApiKey,
      audienceId: mailchimpAudienceId,
      baseUrl: this.env.MAILCHIMP_API_BASE_URL ?? DEFAULT_MAILCHIMP_API_BASE_URL,
    };
  }
}
