import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { watchUrl } from '@app/contracts';
import type { Repository } from 'typeorm';
import { AnalyticsTotalsService } from '../analytics/analytics-totals.service';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { NewsletterService } from '../newsletter/newsletter.service';
import { EmailService } from '../notifications/email.service';
import {
  type EmailVideo,
  renderWeeklySummaryEmail,
  type WeeklySummaryFigures,
} from '../notifications/email-messages';
import { SettingsService } from '../settings/settings.service';
import { VideosService } from '../videos/videos.service';
import { AppLockService } from '../youtube/app-lock.service';
import { NotificationRunEntity } from './notification-run.entity';
import { type SummaryWeek, summaryWeek } from './summary-week';

export const WEEKLY_SUMMARY = 'weekly-summary';
/** Held while one process builds and sends a week's summary. */
export const WEEKLY_SUMMARY_LOCK = 'email-weekly-summary';
const WEEKLY_SUMMARY_LOCK_TTL_MS = 60_000;
/** How often each process asks whether this week's summary is due (and once, shortly after it starts). */
export const WEEKLY_SUMMARY_TICK_MS = 10 * 60_000;
const FIRST_TICK_MS = 15_000;

export const WEEKLY_MESSAGES = {
  interrupted: 'Interrupted: the API process stopped while sending; not sent again, to avoid a duplicate',
} as const;

/**
 * The figures of a week's summary, in one place: the new videos, the newsletter sign-ups, and the site's
 * page views and plays while site analytics is on (left out, not shown as 0, while it is off).
 */
export async function collectWeeklySummaryFigures(
  week: Pick<SummaryWeek, 'from' | 'to'>,
  sources: {
    videos: VideosService;
    analytics: AnalyticsTotalsService;
    newsletter: NewsletterService;
    siteAnalyticsOn: boolean;
  },
): Promise<{ figures: WeeklySummaryFigures; videos: EmailVideo[] }> {
  const videos = (await sources.videos.publishedBetween(week.from, week.to)).map((v) => ({
    id: v.id,
    title: v.title,
    description: v.description,
    url: watchUrl(v.id),
    thumbnail: v.thumbnail,
    publishedAt: v.publishedAt,
  }));
  const [site, newsletterSignups] = await Promise.all([
    sources.siteAnalyticsOn ? sources.analytics.viewsAndPlays(week.from, week.to) : undefined,
    sources.newsletter.signUpsBetween(week.from, week.to),
  ]);
  return {
    figures: {
      newVideos: videos.length,
      ...(site && { siteViews: site.views, sitePlays: site.plays }),
      newsletterSignups,
    },
    videos,
  };
}

/**
 * The weekly summary e-mail (Mondays 08:00 UTC, summary-week.ts): with `emailWeeklySummary` on, an SMTP
 * server and a notification address, one e-mail per ISO week across every API process. The app lock keeps
 * two processes from building it at once; the `notification_run` row of the week (unique per week) keeps a
 * restart or a later process from sending it again. A process that was down on Monday sends it when it
 * next ticks within the same week. Retried like every e-mail (EmailService.deliver); every outcome recorded.
 */
@Injectable()
export class WeeklySummaryService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WeeklySummaryService.name);
  private timers: NodeJS.Timeout[] = [];
  private current: Promise<unknown> = Promise.resolve();
  private ticking = false;

  constructor(
    @InjectRepository(NotificationRunEntity) private readonly runs: Repository<NotificationRunEntity>,
    private readonly locks: AppLockService,
    private readonly settings: SettingsService,
    private readonly videos: VideosService,
    private readonly analytics: AnalyticsTotalsService,
    private readonly newsletter: NewsletterService,
    private readonly email: EmailService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Like the live check, tests (and the browser tests' stacks, NODE_ENV=test) tick on demand instead. */
  onApplicationBootstrap(): void {
    if (this.env.NODE_ENV === 'test') return;
    const tick = () => void (this.current = this.tick());
    this.timers = [setTimeout(tick, FIRST_TICK_MS), setInterval(tick, WEEKLY_SUMMARY_TICK_MS)];
    this.timers.forEach((timer) => timer.unref());
  }

  async onModuleDestroy(): Promise<void> {
    this.timers.forEach((timer) => clearTimeout(timer));
    await this.current.catch(() => undefined);
  }

  async lastRun(): Promise<NotificationRunEntity | null> {
    return this.runs.findOne({ where: { kind: WEEKLY_SUMMARY }, order: { id: 'DESC' } });
  }

  /**
   * Sends this week's summary when it is due and no process has sent (or tried) it yet. Returns the
   * recorded run when this call sent or tried it, else null. Never throws.
   */
  async tick(): Promise<NotificationRunEntity | null> {
    if (this.ticking) return null;
    this.ticking = true;
    try {
      const s = await this.settings.getMany(['emailWeeklySummary', 'notificationEmail', 'smtpHost']);
      // Not configured yet: nothing is recorded, so the week still goes out once it is (within the week).
      if (!s.emailWeeklySummary || !s.notificationEmail || !s.smtpHost) return null;
      const week = summaryWeek(this.clock.now());
      // A row still `running` is either being sent by a live process (it holds the lock) or left by one that
      // died while sending: send() marks it failed once the lock shows nobody holds it.
      const existing = await this.runs.findOneBy({ kind: WEEKLY_SUMMARY, period: week.key });
      if (existing && existing.outcome !== 'running') return null;
      const lock = await this.locks.acquire(WEEKLY_SUMMARY_LOCK, WEEKLY_SUMMARY_LOCK_TTL_MS);
      if (!lock) return null;
      try {
        return await this.send(week, s.notificationEmail);
      } finally {
        await lock.release().catch((e: Error) => this.logger.warn(`Releasing the lock: ${e.message}`));
      }
    } catch (error) {
      this.logger.warn(`Weekly summary skipped: ${(error as Error).message}`);
      return null;
    } finally {
      this.ticking = false;
    }
  }

  private sent(week: SummaryWeek): Promise<boolean> {
    return this.runs.existsBy({ kind: WEEKLY_SUMMARY, period: week.key });
  }

  /** Holding the lock: records the week, sends, records the outcome. */
  private async send(week: SummaryWeek, to: string): Promise<NotificationRunEntity | null> {
    const now = new Date(this.clock.now());
    // Holding the lock, a row still marked running belongs to a process that died while sending.
    await this.runs.update(
      { kind: WEEKLY_SUMMARY, outcome: 'running' },
      { outcome: 'failed', finishedAt: now, error: WEEKLY_MESSAGES.interrupted },
    );
    if (await this.sent(week)) return null;
    const { figures, videos } = await collectWeeklySummaryFigures(week, {
      videos: this.videos,
      analytics: this.analytics,
      newsletter: this.newsletter,
      siteAnalyticsOn: await this.settings.get('enableSiteAnalytics'),
    });
    // The unique (kind, period) row is written before sending: if it cannot be, another process has it.
    const run = await this.runs.save(
      this.runs.create({
        kind: WEEKLY_SUMMARY,
        period: week.key,
        periodStart: week.from,
        periodEnd: week.to,
        startedAt: now,
        finishedAt: null,
        outcome: 'running',
        recipient: to,
        videos: videos.length,
        attempts: 0,
        status: null,
        error: null,
      }),
    );
    const outcome = await this.email.deliver({
      to,
      ...renderWeeklySummaryEmail({ week: week.key, from: week.from, to: week.to, videos, figures }),
    });
    const done: Partial<NotificationRunEntity> = {
      finishedAt: new Date(this.clock.now()),
      outcome: outcome.ok ? 'sent' : 'failed',
      attempts: outcome.attempts,
      status: outcome.status,
      error: outcome.ok ? null : outcome.message.slice(0, 2000),
    };
    if (!outcome.ok) this.logger.warn(`Weekly summary ${week.key} failed: ${outcome.message}`);
    await this.runs.update(run.id, done);
    return Object.assign(run, done);
  }
}
