import { AUDIT_MAX_EVENTS, type AuditEvent } from '@app/contracts';
import { generateSync } from 'otplib';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { AuditEventEntity } from '../src/audit/audit-event.entity';
import { AuditService } from '../src/audit/audit.service';
import { SignInsService } from '../src/auth/sign-ins.service';
import { Clock } from '../src/common/clock';
import { ADMIN } from './support/auth';
import { CSV_INJECTION_PAYLOADS, formulaCells, parseCsv, unguarded } from './support/csv-injection';
import { SINK_PASSWORD, SINK_USER, type SmtpSink, startSmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';
import { saveSettings } from './support/stack';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DAY = 24 * 60 * 60 * 1000;

/** The audit log (issue 25): what it records, filters, CSV export, bounds; and the new-device e-mail. */
describe('audit log', () => {
  let t: TestApp;
  let admin: TestAgent;
  let now: number;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    now = Date.now();
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => now);
    admin = await signIn(CHROME_MAC, '203.0.113.77');
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  async function signIn(userAgent: string, ip: string): Promise<TestAgent> {
    const agent = request.agent(t.server);
    agent.set('User-Agent', userAgent).set('X-Forwarded-For', ip);
    await agent.post('/api/auth/login').send(ADMIN).expect(200);
    return agent;
  }
  const entries = async (query = ''): Promise<AuditEvent[]> =>
    (await admin.get(`/api/admin/audit${query}`).expect(200)).body.events;

  it('records sign-ins and failed sign-ins: who, when, from which network', async () => {
    await request(t.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', '2001:db8:7:1::9')
      .send({ username: 'mallory', password: 'guess-1234' })
      .expect(401);
    const [failed] = await entries('?action=sign-in-failed');
    expect(failed).toEqual({
      id: expect.any(Number),
      at: new Date(now).toISOString(),
      action: 'sign-in-failed',
      actor: 'mallory',
      ipPrefix: '2001:db8:7::/48',
      detail: 'Unknown device · wrong username or password',
    });
    const [signedIn] = await entries('?action=sign-in');
    expect(signedIn).toMatchObject({
      actor: 'admin',
      ipPrefix: '203.0.113.0/24',
      detail: 'Chrome on macOS · password',
    });
  });

  it('records a setting change as key, old → new; a secret never shows', async () => {
    await admin.post('/api/settings/siteTitle').send({ value: 'Before' }).expect(200);
    await admin.post('/api/settings/siteTitle').send({ value: 'After' }).expect(200);
    // The same value again is no change.
    await admin.post('/api/settings/siteTitle').send({ value: 'After' }).expect(200);
    await admin.post('/api/settings/mailchimpApiKey').send({ value: 'secret0key0abc-us21' }).expect(200);
    await admin.post('/api/settings/mailchimpApiKey').send({ value: 'other1key1def-us21' }).expect(200);
    // A webhook URL often carries a token: a secret too.
    await admin
      .post('/api/settings/customWebhookUrl')
      .send({ value: 'https://hooks.example.com/in?token=hook2token2ghi' })
      .expect(200);
    const changes = (await entries('?action=setting-changed')).map((e) => e.detail);
    expect(changes).toEqual([
      'customWebhookUrl: (not set) → (set)',
      'mailchimpApiKey: (replaced)',
      'mailchimpApiKey: (not set) → (set)',
      'siteTitle: "Before" → "After"',
      expect.stringMatching(/^siteTitle: ".*" → "Before"$/),
    ]);
    const all = JSON.stringify(await (await admin.get('/api/admin/audit.csv').expect(200)).text);
    expect(all).not.toMatch(/secret0key0abc|other1key1def|hook2token2ghi/);
  });

  it('records password changes, backups and subscriber deletions', async () => {
    const backup = (await admin.get('/api/admin/export').expect(200)).body;
    await admin.post('/api/admin/import').send(backup).expect(200);
    await request(t.server).post('/api/newsletter/subscribe').send({ email: 'ann@mail.test' }).expect(200);
    await admin.delete('/api/admin/newsletter/subscribers/ann%40mail.test').expect(200);
    await admin
      .post('/api/auth/change-password')
      .send({ currentPassword: ADMIN.password, newPassword: ADMIN.password })
      .expect(200);
    const recent = await entries();
    expect(recent.slice(0, 4).map((e) => [e.action, e.detail])).toEqual([
      ['password-changed', 'other sessions signed out'],
      ['subscriber-deleted', 'a•••@mail.test (not-configured)'],
      ['backup-imported', expect.stringMatching(/^\d+ videos, \d+ playlists, \d+ settings$/)],
      ['backup-exported', expect.stringMatching(/^\d+ videos, \d+ playlists$/)],
    ]);
    expect(JSON.stringify(recent)).not.toContain('ann@mail.test');
  });

  it('records two-factor changes and the two-factor sign-in, right and wrong code', async () => {
    const { secret } = (await admin.post('/api/auth/two-factor/setup').expect(200)).body;
    const code = () => generateSync({ secret, epoch: Math.floor(now / 1000) });
    now += 30_000;
    await admin
      .post('/api/auth/two-factor/enable')
      .send({ password: ADMIN.password, code: code() })
      .expect(200);
    now += 30_000;
    await admin.post('/api/auth/two-factor/recovery-codes').send({ code: code() }).expect(200);

    const phone = request.agent(t.server).set('User-Agent', SAFARI_IPHONE);
    await phone.post('/api/auth/login').send(ADMIN).expect(200, { twoFactorRequired: true });
    await phone.post('/api/auth/login/two-factor').send({ code: '000000' }).expect(401);
    now += 30_000;
    await phone.post('/api/auth/login/two-factor').send({ code: code() }).expect(200);
    now += 30_000;
    await admin
      .post('/api/auth/two-factor/disable')
      .send({ password: ADMIN.password, code: code() })
      .expect(200);

    const recent = (await entries()).slice(0, 5).map((e) => [e.action, e.detail]);
    expect(recent).toEqual([
      ['two-factor-disabled', 'other sessions signed out'],
      ['sign-in', 'Safari on iOS (mobile) · password and two-factor code'],
      ['sign-in-failed', 'Safari on iOS (mobile) · wrong two-factor code'],
      ['recovery-codes-regenerated', 'the old codes stopped working'],
      ['two-factor-enabled', 'other sessions signed out'],
    ]);
  });

  it('records a failed and a successful YouTube sync', async () => {
    await admin.post('/api/sync/youtube').send({});
    const [sync] = await entries('?action=youtube-synced');
    expect(sync.actor).toBe('admin');
    expect(sync.detail).toMatch(/^(failed: .+|\d+ added, \d+ updated, \d+ removed)$/);
  });

  it('filters by action and by day, pages 50 at a time, and refuses bad filters naming the field', async () => {
    for (let i = 0; i < 55; i++) {
      await request(t.server)
        .post('/api/auth/login')
        .send({ username: `u${i}`, password: 'x' });
      await t.dataSource.query('DELETE FROM login_throttle');
    }
    const first = (await admin.get('/api/admin/audit?action=sign-in-failed').expect(200)).body;
    expect(first.events).toHaveLength(50);
    expect(first.events.every((e: AuditEvent) => e.action === 'sign-in-failed')).toBe(true);
    const second = (
      await admin.get(`/api/admin/audit?action=sign-in-failed&before=${first.nextBefore}`).expect(200)
    ).body;
    const failures = await t.dataSource.getRepository(AuditEventEntity).countBy({ action: 'sign-in-failed' });
    expect(failures).toBeGreaterThan(55);
    expect(second.events.length).toBe(failures - 50);
    expect(second.nextBefore).toBeNull();

    const today = new Date(now).toISOString().slice(0, 10);
    const tomorrow = new Date(now + DAY).toISOString().slice(0, 10);
    expect((await entries(`?from=${today}&to=${today}`)).length).toBe(50);
    expect(await entries(`?from=${tomorrow}`)).toEqual([]);

    expect((await admin.get('/api/admin/audit?action=nope').expect(400)).body.message).toMatch(/^action: /);
    expect((await admin.get('/api/admin/audit?from=yesterday').expect(400)).body.message).toBe(
      'from: must be a date (YYYY-MM-DD)',
    );
    expect((await admin.get('/api/admin/audit?extra=1').expect(400)).body.message).toBe(
      'extra: is not allowed',
    );
  });

  it('exports CSV that a spreadsheet cannot run as a formula', async () => {
    await request(t.server)
      .post('/api/auth/login')
      .send({ username: '=HYPERLINK("http://evil.test","x")', password: 'x' });
    const res = await admin.get('/api/admin/audit.csv?action=sign-in-failed').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('at,action,what,who,from,detail');
    expect(lines[1]).toContain(`,sign-in-failed,Failed sign-in,"'=HYPERLINK(""http://evil.test"",""x"")",`);
  });

  it('keeps each OWASP payload tried as a username in its own cell and row, none of them a formula', async () => {
    for (const username of CSV_INJECTION_PAYLOADS) {
      await request(t.server).post('/api/auth/login').send({ username, password: 'x' }).expect(401);
      // Several payloads are one name to the throttle (trimmed; MariaDB's collation folds full-width forms).
      await t.dataSource.query('DELETE FROM login_throttle');
    }
    const rows = parseCsv((await admin.get('/api/admin/audit.csv?action=sign-in-failed').expect(200)).text);
    const [header, ...events] = rows;
    expect(header).toEqual(['at', 'action', 'what', 'who', 'from', 'detail']);
    expect(rows.filter((row) => row.length !== 6)).toEqual([]);
    expect(events.length).toBe(
      await t.dataSource.getRepository(AuditEventEntity).countBy({ action: 'sign-in-failed' }),
    );
    expect(formulaCells(events)).toEqual([]);
    const tried = events.slice(0, CSV_INJECTION_PAYLOADS.length).map((row) => unguarded(row[3]));
    expect(tried.reverse()).toEqual(CSV_INJECTION_PAYLOADS);
  });

  describe('new-device e-mail', () => {
    const alerts = () => sink.messages.filter((m) => /New sign-in to/.test(m.body));
    const lastAlert = () => t.app.get(SignInsService).lastAlert;

    beforeAll(async () => {
      await saveSettings(admin, {
        smtpHost: '127.0.0.1',
        smtpPort: sink.port,
        smtpSecurity: 'none',
        smtpUser: SINK_USER,
        smtpPassword: SINK_PASSWORD,
        notificationEmail: 'owner@example.com',
      });
    });
    beforeEach(() => sink.clear());

    it('e-mails the owner when a device signs in for the first time, and only then', async () => {
      await signIn(FIREFOX_LINUX, '198.51.100.20');
      await lastAlert();
      expect(alerts()).toHaveLength(1);
      expect(alerts()[0].to).toEqual(['owner@example.com']);
      expect(alerts()[0].body).toContain('Subject: New sign-in to');
      expect(alerts()[0].body).toContain('Firefox 128 on Linux');
      expect(alerts()[0].body).toContain('198.51.100.0/24');

      sink.clear();
      // The same browser (updated) and system from elsewhere, and the first device: nothing new.
      await signIn(FIREFOX_LINUX.replace(/128\.0/g, '129.0'), '198.51.100.99');
      await signIn(CHROME_MAC, '203.0.113.5');
      await lastAlert();
      expect(alerts()).toEqual([]);
    });

    it('sends nothing without SMTP', async () => {
      await admin.post('/api/settings/smtpHost').send({ value: '' }).expect(200);
      await signIn(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:129.0) Gecko/20100101 Firefox/129.0',
        '192.0.2.1',
      );
      await lastAlert();
      expect(sink.messages).toEqual([]);
    });
  });

  // Last: they delete the entries the tests above rely on.
  it('keeps entries for the retention only', async () => {
    const repo = t.dataSource.getRepository(AuditEventEntity);
    const old = await repo.save({
      at: new Date(now - 181 * DAY),
      action: 'sign-in',
      actor: 'old',
      detail: '',
    });
    now += 2 * 60 * 60 * 1000; // past the hourly age pruning
    await t.app.get(AuditService).record('sign-in', { actor: 'admin', ipPrefix: '' });
    expect(await repo.existsBy({ id: old.id })).toBe(false);
  });

  it('keeps at most the maximum, and a flood of failed sign-ins from one network evicts only failed sign-ins', async () => {
    const repo = t.dataSource.getRepository(AuditEventEntity);
    await repo.createQueryBuilder().delete().execute();
    await signIn(FIREFOX_LINUX, '198.51.100.20');
    await t.app.get(SignInsService).lastAlert;
    await admin.post('/api/settings/siteTitle').send({ value: 'Before the flood' }).expect(200);
    const kept = await repo.find({ order: { id: 'ASC' } });
    expect(kept.map((e) => e.action)).toEqual(['sign-in', 'setting-changed']);
    // An earlier flood filled the log up to the maximum, after those two.
    await fill(AUDIT_MAX_EVENTS - kept.length);

    // One address, a fresh username per attempt: no throttle applies.
    const flood = 12;
    for (let i = 0; i < flood; i++) {
      await request(t.server)
        .post('/api/auth/login')
        .set('X-Forwarded-For', '192.0.2.66')
        .send({ username: `flood-${i}`, password: 'x' })
        .expect(401);
    }
    expect(await repo.count()).toBe(AUDIT_MAX_EVENTS);
    expect(await repo.countBy(kept.map(({ id }) => ({ id })))).toBe(kept.length);
    expect(await repo.countBy({ actor: 'filler' })).toBe(AUDIT_MAX_EVENTS - kept.length - flood);
    expect(await repo.countBy({ actor: 'flood-0' })).toBe(1);
    expect(await repo.countBy({ actor: `flood-${flood - 1}` })).toBe(1);

    // Only when the other entries alone are more than the maximum do the oldest of them go.
    await repo.update({ action: 'sign-in-failed' }, { action: 'backup-exported' });
    await t.app.get(AuditService).record('sign-in', { actor: 'admin', ipPrefix: '' });
    expect(await repo.count()).toBe(AUDIT_MAX_EVENTS);
    expect(await repo.existsBy({ id: kept[0].id })).toBe(false);
    expect(await repo.existsBy({ id: kept[1].id })).toBe(true);
  });

  /** Adds `count` failed sign-ins: one row, then copies of the rows so far (a few statements, not thousands). */
  async function fill(count: number): Promise<void> {
    const repo = t.dataSource.getRepository(AuditEventEntity);
    await repo.insert({
      at: new Date(now),
      action: 'sign-in-failed',
      actor: 'filler',
      ipPrefix: '203.0.113.0/24',
    });
    const columns = ['at', 'action', 'actor', 'ipPrefix', 'device', 'detail']
      .map((c) => t.dataSource.driver.escape(c))
      .join(', ');
    for (let have = 1; have < count;) {
      const more = Math.min(have, count - have);
      await t.dataSource.query(
        `INSERT INTO audit_event (${columns}) SELECT ${columns} FROM audit_event WHERE actor = 'filler' LIMIT ${more}`,
      );
      have += more;
    }
  }
});
