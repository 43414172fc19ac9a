import type {
  EmailSendTestResult,
  NotificationDelivery,
  SyncStatus,
  WeeklySummaryStatus,
} from '@app/contracts';
import type { FakeVideo } from '@app/contracts/fake-youtube';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { AnalyticsRollupEntity } from '../src/analytics/analytics-rollup.entity';
import { ROLLUP } from '../src/analytics/analytics-kinds';
import { Clock } from '../src/common/clock';
import { NotificationRunEntity } from '../src/email/notification-run.entity';
import { summaryWeek } from '../src/email/summary-week';
import { WeeklySummaryService } from '../src/email/weekly-summary.service';
import { NewsletterSubscriberEntity } from '../src/newsletter/newsletter-subscriber.entity';
import { EmailService } from '../src/notifications/email.service';
import type { FakeYouTube } from './support/fake-youtube';
import { htmlPart, type SmtpSink, sinkSettings, subjectOf, textPart } from './support/smtp-sink';
import { saveSettings, useStack } from './support/stack';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * E-mail notifications (#14) through a real SMTP sink (smtp-server on 127.0.0.1) with fault injection:
 * one e-mail per new video, retried on a temporary failure and recorded on the sync run; the weekly summary
 * sent once per week across API processes; the admin's test e-mail.
 */

const OWNER = 'owner@example.com';
const FROM = 'channel@example.com';
/** Short waits between tries, so the retry tests take milliseconds. */
const FAST_RETRIES = [20, 20];

async function waitFor<T>(
  read: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('e-mail on new videos', () => {
  let sink: SmtpSink;
  let fake: FakeYouTube;
  let t: TestApp;
  let admin: TestAgent;

  useStack(
    {
      smtp: true,
      youtube: { videos: 5, playlists: 1 },
      settings: ({ smtp }) => ({
        ...sinkSettings(smtp!.port),
        smtpFrom: FROM,
        notificationEmail: OWNER,
        emailNewVideos: true,
      }),
    },
    (s) => ({ smtp: sink, youtube: fake, t, admin } = s),
  );
  beforeAll(async () => {
    t.app.get(EmailService).retryDelaysMs = FAST_RETRIES;
    await admin.post('/api/sync/youtube').expect(200); // the first sync announces nothing
  });
  beforeEach(() => sink.clear());

  const lastRun = async () => ((await admin.get('/api/sync/status').expect(200)).body as SyncStatus).lastRun!;
  const deliveries = () =>
    waitFor(async () => (await lastRun()).notifications ?? undefined) as Promise<NotificationDelivery[]>;
  const syncNew = async (count: number): Promise<FakeVideo[]> => {
    const added = (await fake.addVideos(count)).reverse(); // oldest first
    await admin.post('/api/sync/youtube').expect(200);
    return added;
  };

  it('sends one e-mail per new video, oldest first, and records each as a delivery', async () => {
    const added = await syncNew(2);
    const recorded = await deliveries();
    expect(recorded).toEqual(
      added.map((v) => ({ target: 'email', videoId: v.id, ok: true, status: 250, error: null, attempts: 1 })),
    );
    expect(sink.messages).toHaveLength(2);
    for (const [i, message] of sink.messages.entries()) {
      const video = added[i];
      const url = `https://www.youtube.com/watch?v=${video.id}`;
      expect(message).toMatchObject({ from: FROM, to: [OWNER] });
      expect(subjectOf(message.body)).toBe(`New video: ${video.title}`);
      const text = textPart(message.body);
      expect(text).toContain(`Watch: ${url}`);
      expect(text).toContain(video.description.slice(0, 100));
      expect(text).toContain(`Thumbnail: https://i.ytimg.com/vi/${video.id}/`);
      const html = htmlPart(message.body);
      expect(html).toContain(`<a href="${url}">`);
      expect(html).toContain(`<img src="https://i.ytimg.com/vi/${video.id}/`);
    }
  });

  it('escapes the title and description in the HTML part', async () => {
    const [video] = await fake.addVideos(1);
    await fake.updateVideo(video.id, {
      title: 'Tom & Jerry <script>alert("x")</script>',
      description: 'Line <b>one</b>\nand "two"',
    });
    await admin.post('/api/sync/youtube').expect(200);
    await deliveries();
    const [message] = sink.messages;
    expect(subjectOf(message.body)).toBe('New video: Tom & Jerry <script>alert("x")</script>');
    const html = htmlPart(message.body);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Tom &amp; Jerry &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Line &lt;b&gt;one&lt;/b&gt;<br>and &quot;two&quot;');
    expect(textPart(message.body)).toContain('Line <b>one</b>\nand "two"');
  });

  it('retries a temporary failure (421) and delivers once', async () => {
    sink.faults.push({ code: 421, message: 'Try again later' });
    const [video] = await syncNew(1);
    expect(await deliveries()).toEqual([
      { target: 'email', videoId: video.id, ok: true, status: 250, error: null, attempts: 2 },
    ]);
    expect(sink.refused.map((f) => f.code)).toEqual([421]);
    expect(sink.messages).toHaveLength(1);
  });

  it('gives up after three temporary failures, recording the last answer', async () => {
    sink.faults.push(...[1, 2, 3].map(() => ({ code: 451, message: 'Local error in processing' })));
    const [video] = await syncNew(1);
    expect(await deliveries()).toEqual([
      {
        target: 'email',
        videoId: video.id,
        ok: false,
        status: 451,
        error: '451 Local error in processing',
        attempts: 3,
      },
    ]);
    expect(sink.messages).toEqual([]);
  });

  it('waits for a failing server once per sync: after one message used up its tries, the next get one', async () => {
    sink.faults.push(...[1, 2, 3, 4].map(() => ({ code: 421, message: 'Service not available' })));
    await syncNew(2);
    const recorded = await deliveries();
    expect(recorded.map((d) => [d.ok, d.status, d.attempts])).toEqual([
      [false, 421, 3],
      [false, 421, 1],
    ]);
    expect(sink.refused).toHaveLength(4);
  });

  it('does not retry a permanent failure (550) and records it', async () => {
    sink.faults.push(
      { code: 550, message: 'Mailbox unavailable' },
      { code: 550, message: 'Mailbox unavailable' },
    );
    const [video] = await syncNew(1);
    expect(await deliveries()).toEqual([
      {
        target: 'email',
        videoId: video.id,
        ok: false,
        status: 550,
        error: '550 Mailbox unavailable',
        attempts: 1,
      },
    ]);
    expect(sink.refused).toHaveLength(1);
    expect(sink.messages).toEqual([]);
  });

  it('records a missing notification address as a failed delivery, sending nothing', async () => {
    await saveSettings(admin, { notificationEmail: '' });
    try {
      const [video] = await syncNew(1);
      expect(await deliveries()).toEqual([
        {
          target: 'email',
          videoId: video.id,
          ok: false,
          status: null,
          error: 'notificationEmail is not set',
        },
      ]);
      expect(sink.messages).toEqual([]);
    } finally {
      await saveSettings(admin, { notificationEmail: OWNER });
    }
  });

  it('sends nothing when the switch is off', async () => {
    await saveSettings(admin, { emailNewVideos: false });
    await syncNew(1);
    await new Promise((r) => setTimeout(r, 300));
    expect((await lastRun()).notifications).toBeNull();
    expect(sink.messages).toEqual([]);
  });
});

describe('weekly summary e-mail', () => {
  let sink: SmtpSink;
  let fake: FakeYouTube;
  let t: TestApp & { sqlitePath?: string };
  let admin: TestAgent;
  let now: number;
  let added: FakeVideo[];

  const freeze = (app: TestApp) => jest.spyOn(app.app.get(Clock), 'now').mockImplementation(() => now);
  const tick = (app: TestApp = t) => app.app.get(WeeklySummaryService).tick();
  const status = async () =>
    (await admin.get('/api/admin/weekly-summary').expect(200)).body as WeeklySummaryStatus;

  useStack(
    {
      smtp: true,
      youtube: { videos: 5, playlists: 1 },
      settings: ({ smtp }) => ({ ...sinkSettings(smtp!.port), smtpFrom: FROM, notificationEmail: OWNER }),
    },
    (s) => ({ smtp: sink, youtube: fake, t, admin } = s),
  );
  beforeAll(async () => {
    t.app.get(EmailService).retryDelaysMs = FAST_RETRIES;
    added = (await fake.addVideos(2)).reverse();
    await admin.post('/api/sync/youtube').expect(200);
    // A week after the new videos: the summary due then covers them.
    now = Date.parse(added[1].publishedAt) + 7 * 24 * 3600_000;
    freeze(t);
  });
  beforeEach(() => sink.clear());

  it('sends nothing while the switch is off', async () => {
    expect(await tick()).toBeNull();
    expect(sink.messages).toEqual([]);
    expect(await status()).toMatchObject({ enabled: false, lastRun: null });
  });

  it('sends the week once across two API processes on one database, and not again after a restart', async () => {
    await saveSettings(admin, { emailWeeklySummary: true });
    // The week's site figures: page views and plays (rollups) and newsletter sign-ups, one of each just outside.
    const week = summaryWeek(now);
    const day = (offset: number) => new Date(week.from.getTime() + offset * 24 * 3600_000);
    const isoDay = (d: Date) => d.toISOString().slice(0, 10);
    await t.app
      .get(DataSource)
      .getRepository(AnalyticsRollupEntity)
      .insert([
        { kind: ROLLUP.view, dim: '', day: isoDay(day(0)), total: 5 },
        { kind: ROLLUP.view, dim: '', day: isoDay(day(6)), total: 2 },
        { kind: ROLLUP.view, dim: '', day: isoDay(day(7)), total: 100 },
        { kind: ROLLUP.play, dim: '', day: isoDay(day(3)), total: 3 },
      ]);
    await t.app
      .get(DataSource)
      .getRepository(NewsletterSubscriberEntity)
      .insert(
        [day(1), day(5), day(-1)].map((createdAt, i) => ({
          email: `reader${i}@example.org`,
          createdAt,
          mailchimpStatus: 'local' as const,
        })),
      );
    const other = await startTestApp({
      env: fake.env(),
      reuse: { sqlitePath: t.sqlitePath },
      resetDatabase: false,
    });
    try {
      freeze(other);
      const runs = await Promise.all([tick(), tick(other)]);
      expect(runs.filter(Boolean)).toHaveLength(1);
      expect(await tick(other)).toBeNull();
      expect(await tick()).toBeNull();
    } finally {
      await other.close();
    }
    const restarted = await startTestApp({
      env: fake.env(),
      reuse: { sqlitePath: t.sqlitePath },
      resetDatabase: false,
    });
    try {
      freeze(restarted);
      expect(await tick(restarted)).toBeNull();
    } finally {
      await restarted.close();
    }

    expect(sink.messages).toHaveLength(1);
    const [message] = sink.messages;
    expect(message).toMatchObject({ from: FROM, to: [OWNER] });
    const text = textPart(message.body);
    for (const video of added) {
      expect(text).toContain(`- ${video.title}\n  https://www.youtube.com/watch?v=${video.id}`);
    }
    const listed = (text.match(/^- /gm) ?? []).length;
    expect(subjectOf(message.body)).toBe(`Weekly summary ${week.key}: ${listed} new videos`);
    expect(text).toContain(`New videos: ${listed}`);
    // Only the week's own days count: 5 + 2 views (Monday to Sunday, not the 100 of the next Monday), and the
    // 2 sign-ups inside [from, to), not the one before.
    expect(text).toContain('Site views: 7\nVideo plays on the site: 3\nNewsletter sign-ups: 2');
    expect(await status()).toMatchObject({
      enabled: true,
      nextAt: new Date(week.sendAt.getTime() + 7 * 24 * 3600_000).toISOString(),
      lastRun: {
        week: week.key,
        from: week.from.toISOString(),
        to: week.to.toISOString(),
        outcome: 'sent',
        recipient: OWNER,
        videos: listed,
        attempts: 1,
        status: 250,
        error: null,
      },
    });
  });

  it('sends the next week’s summary in the next week, retried on a 421', async () => {
    now += 7 * 24 * 3600_000;
    sink.faults.push({ code: 421, message: 'Busy' });
    const run = await tick();
    expect(run).toMatchObject({ outcome: 'sent', attempts: 2, videos: 0, period: summaryWeek(now).key });
    expect(sink.messages).toHaveLength(1);
    expect(textPart(sink.messages[0].body)).toContain('No new videos this week.');
    expect(await tick()).toBeNull();
  });

  it('records a permanent failure once and does not retry it within the week', async () => {
    now += 7 * 24 * 3600_000;
    sink.faults.push({ code: 550, message: 'Mailbox unavailable' });
    expect(await tick()).toMatchObject({ outcome: 'failed', attempts: 1, status: 550 });
    expect(await tick()).toBeNull();
    expect(sink.messages).toEqual([]);
    expect((await status()).lastRun).toMatchObject({
      outcome: 'failed',
      status: 550,
      error: '550 Mailbox unavailable',
    });
  });

  it('waits for a notification address: nothing is sent or recorded until one is set', async () => {
    now += 7 * 24 * 3600_000;
    await saveSettings(admin, { notificationEmail: '' });
    expect(await tick()).toBeNull();
    await saveSettings(admin, { notificationEmail: OWNER });
    expect(await tick()).toMatchObject({ outcome: 'sent' });
    expect(sink.messages).toHaveLength(1);
  });

  it('marks a week left "running" by a process that died while sending as failed, and does not send it twice', async () => {
    now += 7 * 24 * 3600_000;
    const week = summaryWeek(now);
    const runs = t.dataSource.getRepository(NotificationRunEntity);
    await runs.insert({
      kind: 'weekly-summary',
      period: week.key,
      periodStart: week.from,
      periodEnd: week.to,
      startedAt: new Date(now),
      outcome: 'running',
      recipient: OWNER,
    });
    expect(await tick()).toBeNull();
    expect(await runs.findOneByOrFail({ period: week.key })).toMatchObject({
      outcome: 'failed',
      error: 'Interrupted: the API process stopped while sending; not sent again, to avoid a duplicate',
    });
    expect(await tick()).toBeNull();
    expect(sink.messages).toEqual([]);
  });

  it('sends nothing once switched off', async () => {
    now += 7 * 24 * 3600_000;
    await saveSettings(admin, { emailWeeklySummary: false });
    expect(await tick()).toBeNull();
    expect(sink.messages).toEqual([]);
  });
});

describe('test e-mail', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let admin: TestAgent;

  useStack({ smtp: true }, (s) => ({ smtp: sink, t, admin } = s));
  beforeEach(async () => {
    sink.clear();
    await t.dataSource.query("DELETE FROM app_lock WHERE name = 'email-send-test'");
  });

  const sendTest = async (): Promise<EmailSendTestResult> =>
    (await admin.post('/api/integrations/email/send-test').expect(200)).body as EmailSendTestResult;

  it('says what is missing without sending', async () => {
    expect(await sendTest()).toEqual({
      ok: false,
      to: '',
      message:
        'No notification address is set: set the notification email under Integrations → Notifications',
      status: null,
    });
    await saveSettings(admin, { notificationEmail: OWNER });
    expect(await sendTest()).toMatchObject({
      ok: false,
      to: OWNER,
      message:
        'No SMTP server is set: set SMTP_URL on the server or the SMTP settings under Integrations → Notifications',
    });
  });

  it('sends one real message and answers what the server said; a second at once is a 429', async () => {
    await saveSettings(admin, { ...sinkSettings(sink.port), smtpFrom: FROM, notificationEmail: OWNER });
    const result = await sendTest();
    expect(result).toMatchObject({ ok: true, to: OWNER, status: 250 });
    expect(result.message).toMatch(
      new RegExp(
        `^The SMTP server 127\\.0\\.0\\.1:${sink.port} \\(no encryption\\) accepted the message for owner@example\\.com: 250 `,
      ),
    );
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]).toMatchObject({ from: FROM, to: [OWNER] });
    expect(subjectOf(sink.messages[0].body)).toBe('Test e-mail from your channel site');

    const again = await admin.post('/api/integrations/email/send-test').expect(429);
    expect(again.body).toEqual({
      statusCode: 429,
      message: 'A test e-mail was just sent. Try again in 10 seconds.',
      error: 'Too Many Requests',
    });
    expect(sink.messages).toHaveLength(1);
  });

  it('answers the server’s refusal, tried once', async () => {
    await saveSettings(admin, { ...sinkSettings(sink.port), smtpFrom: FROM, notificationEmail: OWNER });
    sink.faults.push({ code: 421, message: 'Too busy' });
    const result = await sendTest();
    expect(result).toMatchObject({ ok: false, to: OWNER, status: 421 });
    expect(result.message).toContain('421 Too busy');
    expect(sink.refused).toHaveLength(1);
    expect(sink.messages).toEqual([]);
  });
});
