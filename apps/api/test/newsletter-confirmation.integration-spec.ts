import type { NewsletterSummary } from '@app/contracts';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { Clock } from '../src/common/clock';
import { CONFIRM_LINK_TTL_MS, UNSUBSCRIBE_LINK_TTL_MS } from '../src/newsletter/newsletter-links';
import { NEWSLETTER_MESSAGES, NewsletterService } from '../src/newsletter/newsletter.service';
import { NEWSLETTER_LINK_MAX_ATTEMPTS } from '../src/newsletter/newsletter-throttle.service';
import { EMAIL_NEEDS_PUBLIC_URL } from '../src/notifications/email-origin';
import { signedInAgent } from './support/auth';
import { htmlPart, type SmtpSink, sinkSettings, textPart } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';
import { useStack } from './support/stack';

/**
 * Issue 25, an honest newsletter list without Mailchimp: with SMTP set a sign-up is pending until its e-mailed,
 * signed link is followed; pending addresses are neither counted nor exported and are deleted once their link
 * has expired; every e-mail to a subscriber carries a signed one-click unsubscribe link and the RFC 8058
 * headers; the public answers do not tell who is on the list.
 */
/** A header of a raw message, its folded lines joined. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
    .exec(raw)?.[1]
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
/** The origins of the links in a message: its text and HTML parts and its List-Unsubscribe header. */
const linkOrigins = (raw: string): string[] =>
  [
    ...`${textPart(raw)} ${htmlPart(raw)} ${header(raw, 'List-Unsubscribe')}`.matchAll(
      /https?:\/\/[^\s"<>]+/g,
    ),
  ].map(([url]) => new URL(url).origin);

const FROM = 'channel@example.com';
const CONTACT = 'hello@example.com';

describe('newsletter double opt-in and unsubscribe (no Mailchimp)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let admin: TestAgent;
  let ipCounter = 0;
  let ip = '';

  useStack(
    {
      smtp: true,
      env: { TRUST_PROXY: 'true' },
      settings: ({ smtp }) => ({ ...sinkSettings(smtp!.port), smtpFrom: FROM }),
    },
    (s) => ({ smtp: sink, t, admin } = s),
  );
  beforeEach(async () => {
    ip = `198.51.100.${++ipCounter}`;
    sink.clear();
    jest.restoreAllMocks();
    // A test that moved the clock a year on ended the session (its 24 hours were up).
    admin = await signedInAgent(t.server);
  });

  const service = () => t.app.get(NewsletterService);
  const subscribe = (email: string) =>
    request(t.server).post('/api/newsletter/subscribe').set('X-Forwarded-For', ip).send({ email });
  /** The admin's figures (read from the service: a test that moves the clock a day on has no session). */
  const summary = (): Promise<NewsletterSummary> => service().summary();
  const csv = async () => (await admin.get('/api/admin/newsletter/subscribers.csv').expect(200)).text;
  /** The one message sent to `to` since the last clear (the sign-up sends it in the background). */
  const mailTo = async (to: string) => {
    await service().settled();
    const found = sink.messages.filter((m) => m.to.includes(to));
    expect(found).toHaveLength(1);
    return found[0];
  };
  const linkIn = (text: string, path: string) => {
    const match = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_.-]+`).exec(text);
    if (!match) throw new Error(`no ${path} link in:\n${text}`);
    const url = new URL(match[0]);
    return `${url.pathname}${url.search}`;
  };
  /** A browser's visit: it asks for HTML. */
  const visit = (path: string) =>
    request(t.server).get(path).set('X-Forwarded-For', ip).set('Accept', 'text/html,*/*;q=0.8');
  const oneClick = (path: string) =>
    request(t.server).post(path).set('X-Forwarded-For', ip).type('form').send('List-Unsubscribe=One-Click');

  it('keeps a sign-up pending (not counted, not exported) until its e-mailed link is followed', async () => {
    const answer = await subscribe('Pending.One@Mail.test').expect(200);
    expect(answer.body).toEqual({ status: 'confirm', code: 'confirm', message: NEWSLETTER_MESSAGES.confirm });
    expect((await admin.get('/api/admin/newsletter/summary').expect(200)).body).toEqual({
      subscribers: 0,
      pendingConfirmation: 1,
      pendingSync: 0,
      provider: 'local',
      optIn: 'email',
    });
    expect(await csv()).not.toContain('pending.one@mail.test');

    const mail = await mailTo('pending.one@mail.test');
    expect(mail.from).toBe(FROM);
    const confirm = linkIn(textPart(mail.body), '/api/newsletter/confirm');
    const page = await visit(confirm).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('<h1>Subscription confirmed</h1>');
    expect(page.text).toContain('pending.one@mail.test is on the newsletter list');
    expect(await summary()).toMatchObject({ subscribers: 1, pendingConfirmation: 0 });
    expect(await csv()).toContain('pending.one@mail.test');
    // Followed again (a second click, a mail scanner): the same page, nothing else changes.
    expect((await visit(confirm).expect(200)).text).toContain('Subscription confirmed');
    expect(await summary()).toMatchObject({ subscribers: 1 });
    await admin.delete('/api/admin/newsletter/subscribers/pending.one%40mail.test').expect(200);
  });

  it('refuses a forged, altered, cut or other-purpose token and an expired one, changing nothing', async () => {
    await subscribe('forge@mail.test').expect(200);
    const confirm = linkIn(textPart((await mailTo('forge@mail.test')).body), '/api/newsletter/confirm');
    const token = new URL(confirm, 'http://x').searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify(['confirm', 'victim@mail.test', Date.now() + CONFIRM_LINK_TTL_MS]),
    ).toString('base64url');
    for (const bad of [
      `${forgedPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}xx`,
      payload,
      '',
    ]) {
      const page = await visit(`/api/newsletter/confirm?token=${encodeURIComponent(bad)}`).expect(400);
      expect(page.text).toContain('This link does not work');
    }
    // A client asking for JSON gets the API's error shape.
    const json = await visit('/api/newsletter/confirm?token=x.y')
      .set('Accept', 'application/json')
      .expect(400);
    expect(json.body).toEqual({
      statusCode: 400,
      message: 'token: This link does not work',
      error: 'Bad Request',
    });
    // An unsubscribe link never confirms.
    const unsubscribe = service().linkUrl('unsubscribe', 'forge@mail.test');
    await visit(`/api/newsletter/confirm?${new URL(unsubscribe).searchParams}`).expect(400);
    expect(await summary()).toMatchObject({ subscribers: 0, pendingConfirmation: 1 });

    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(Date.now() + CONFIRM_LINK_TTL_MS + 60_000);
    expect((await visit(confirm).expect(400)).text).toContain('This link has expired');
    expect(await summary()).toMatchObject({ subscribers: 0, pendingConfirmation: 1 });
    // Personal data no longer than needed: the unconfirmed sign-up is deleted once its link has expired.
    expect(await service().prunePending()).toBe(1);
    expect(await summary()).toMatchObject({ subscribers: 0, pendingConfirmation: 0 });
  });

  it('keeps a recent pending sign-up when pruning', async () => {
    await subscribe('recent@mail.test').expect(200);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(Date.now() + CONFIRM_LINK_TTL_MS - 60_000);
    expect(await service().prunePending()).toBe(0);
    expect(await summary()).toMatchObject({ pendingConfirmation: 1 });
    jest.restoreAllMocks();
    await admin.delete('/api/admin/newsletter/subscribers/recent%40mail.test').expect(200);
  });

  it('puts a signed one-click unsubscribe link and the RFC 8058 headers in the e-mail; POST unsubscribes', async () => {
    await admin.post('/api/settings/contactEmail').send({ value: CONTACT }).expect(200);
    await subscribe('leaver@mail.test').expect(200);
    const mail = await mailTo('leaver@mail.test');
    const text = textPart(mail.body);
    const unsubscribe = linkIn(text, '/api/newsletter/unsubscribe');
    const listUnsubscribe = header(mail.body, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(
      new RegExp(
        `^<https?://[^>]+${unsubscribe.replace(/[.?]/g, '\\$&')}>, <mailto:${CONTACT}\\?subject=unsubscribe>$`,
      ),
    );
    expect(header(mail.body, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    await visit(linkIn(text, '/api/newsletter/confirm')).expect(200);
    expect(await summary()).toMatchObject({ subscribers: 1 });

    // The mail provider's one-click POST: form-encoded, no cookie, no Origin.
    const done = await oneClick(unsubscribe).expect(200);
    expect(done.text).toContain('<h1>You are unsubscribed</h1>');
    expect(await summary()).toMatchObject({ subscribers: 0, pendingConfirmation: 0 });
    expect(await csv()).not.toContain('leaver@mail.test');
    // Again, or for an address not on the list: the same answer.
    expect((await oneClick(unsubscribe).expect(200)).text).toBe(done.text);
    await admin.post('/api/settings/contactEmail').send({ value: '' }).expect(200);
  });

  it('unsubscribes from a browser: the GET page changes nothing and its button posts the one click', async () => {
    await subscribe('browser@mail.test').expect(200);
    const text = textPart((await mailTo('browser@mail.test')).body);
    expect(header((await mailTo('browser@mail.test')).body, 'List-Unsubscribe')).toMatch(/^<[^>]+>$/);
    await visit(linkIn(text, '/api/newsletter/confirm')).expect(200);
    const unsubscribe = linkIn(text, '/api/newsletter/unsubscribe');
    const page = await visit(unsubscribe).expect(200);
    expect(page.text).toContain('Unsubscribe from the newsletter?');
    expect(page.text).toContain('<form method="post">');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(await summary()).toMatchObject({ subscribers: 1 });
    // The button: a same-origin form post from the page.
    await request(t.server)
      .post(unsubscribe)
      .set('X-Forwarded-For', ip)
      .set('Origin', 'http://127.0.0.1')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(await summary()).toMatchObject({ subscribers: 0 });
  });

  it('refuses a confirm link as an unsubscribe link, and an unsubscribe link past its time', async () => {
    await subscribe('stays@mail.test').expect(200);
    const text = textPart((await mailTo('stays@mail.test')).body);
    const confirm = linkIn(text, '/api/newsletter/confirm');
    await visit(confirm).expect(200);
    await oneClick(confirm.replace('/confirm?', '/unsubscribe?')).expect(400);
    const unsubscribe = linkIn(text, '/api/newsletter/unsubscribe');
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(Date.now() + UNSUBSCRIBE_LINK_TTL_MS + 60_000);
    expect((await oneClick(unsubscribe).expect(400)).text).toContain('This link has expired');
    expect((await visit(unsubscribe).expect(400)).text).toContain('This link has expired');
    jest.restoreAllMocks();
    expect(await summary()).toMatchObject({ subscribers: 1 });
    await admin.delete('/api/admin/newsletter/subscribers/stays%40mail.test').expect(200);
  });

  it('answers a pending, a confirmed and a new address alike (status, body, header names)', async () => {
    await subscribe('known@mail.test').expect(200);
    const confirm = linkIn(textPart((await mailTo('known@mail.test')).body), '/api/newsletter/confirm');
    const pending = await subscribe('known@mail.test').expect(200);
    await visit(confirm).expect(200);
    const confirmed = await subscribe('known@mail.test').expect(200);
    const fresh = await subscribe('unknown@mail.test').expect(200);
    const shape = (res: request.Response) => ({
      status: res.status,
      text: res.text,
      headers: Object.keys(res.headers)
        .filter((name) => !['date', 'etag', 'x-response-time', 'content-length'].includes(name))
        .sort(),
    });
    expect(shape(pending)).toEqual(shape(fresh));
    expect(shape(confirmed)).toEqual(shape(fresh));
    await service().settled();
    await admin.delete('/api/admin/newsletter/subscribers/known%40mail.test').expect(200);
    await admin.delete('/api/admin/newsletter/subscribers/unknown%40mail.test').expect(200);
  });

  it("takes every link from the configured address, never from the request's Host (issue 44)", async () => {
    await admin.post('/api/settings/contactEmail').send({ value: CONTACT }).expect(200);
    // A stranger signs a victim up naming their own host, directly and as a trusted proxy would pass it on.
    for (const [name, value] of [
      ['Host', 'evil.example'],
      ['X-Forwarded-Host', 'evil.example:8443'],
    ]) {
      sink.clear();
      await subscribe('victim@mail.test').set(name, value).set('X-Forwarded-Proto', 'https').expect(200);
      const mail = await mailTo('victim@mail.test');
      expect(mail.body).not.toContain('evil.example');
      // Without PUBLIC_URL outside production: the address the API is configured on (HOST:PORT).
      const links = linkOrigins(mail.body);
      expect(links.length).toBeGreaterThanOrEqual(5);
      expect(new Set(links)).toEqual(new Set(['http://127.0.0.1:3000']));
    }
    await admin.delete('/api/admin/newsletter/subscribers/victim%40mail.test').expect(200);
    await admin.post('/api/settings/contactEmail').send({ value: '' }).expect(200);
  });

  it(`throttles the link pages per network (${NEWSLETTER_LINK_MAX_ATTEMPTS} an hour, IPv6 by /64)`, async () => {
    const token = encodeURIComponent('not.valid');
    const from = (address: string) =>
      request(t.server).get(`/api/newsletter/confirm?token=${token}`).set('X-Forwarded-For', address);
    for (let i = 0; i < NEWSLETTER_LINK_MAX_ATTEMPTS; i++)
      await from(`2001:db8:25::${i.toString(16)}`).expect(400);
    expect((await from('2001:db8:25::ffff').expect(429)).body.message).toMatch(
      /^Too many visits of newsletter links/,
    );
    await from('2001:db8:26::1').expect(400);
  });
});

describe('newsletter without SMTP', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedInAgent(t.server);
  });
  afterAll(() => t?.close());

  it('stores sign-ups unconfirmed and the summary says so (optIn none)', async () => {
    const answer = await request(t.server)
      .post('/api/newsletter/subscribe')
      .send({ email: 'plain@mail.test' });
    expect(answer.body).toEqual({
      status: 'subscribed',
      code: 'subscribed',
      message: NEWSLETTER_MESSAGES.subscribed,
    });
    expect((await admin.get('/api/admin/newsletter/summary').expect(200)).body).toEqual({
      subscribers: 1,
      pendingConfirmation: 0,
      pendingSync: 0,
      provider: 'local',
      optIn: 'none',
    });
  });
});

describe('newsletter links with PUBLIC_URL', () => {
  let sink: SmtpSink;
  let t: TestApp;
  useStack(
    {
      smtp: true,
      env: { PUBLIC_URL: 'https://videos.example.com/some/path', TRUST_PROXY: 'true' },
      settings: ({ smtp }) => ({ ...sinkSettings(smtp!.port), smtpFrom: FROM, contactEmail: CONTACT }),
    },
    (s) => ({ smtp: sink, t } = s),
  );

  it("names PUBLIC_URL's origin in every link, whatever Host the sign-up named", async () => {
    await request(t.server)
      .post('/api/newsletter/subscribe')
      .set('Host', 'evil.example')
      .set('X-Forwarded-Host', 'evil.example')
      .send({ email: 'reader@mail.test' })
      .expect(200);
    await t.app.get(NewsletterService).settled();
    expect(sink.messages).toHaveLength(1);
    const raw = sink.messages[0].body;
    expect(raw).not.toContain('evil.example');
    const links = linkOrigins(raw);
    expect(links.length).toBeGreaterThanOrEqual(5);
    expect(new Set(links)).toEqual(new Set(['https://videos.example.com']));
  });
});

describe('newsletter in production without PUBLIC_URL', () => {
  let t: TestApp;
  let admin: TestAgent;
  useStack(
    {
      production: true,
      settings: { smtpHost: 'smtp.example.com', smtpFrom: FROM, notificationEmail: CONTACT },
    },
    (s) => ({ t, admin } = s),
  );

  it('sends no e-mail: a sign-up is not asked to confirm, and the test e-mail says why', async () => {
    const answer = await request(t.server)
      .post('/api/newsletter/subscribe')
      .set('Host', 'evil.example')
      .send({ email: 'victim@mail.test' })
      .expect(200);
    expect(answer.body).toEqual({
      status: 'subscribed',
      code: 'subscribed',
      message: NEWSLETTER_MESSAGES.subscribed,
    });
    expect((await admin.get('/api/admin/newsletter/summary').expect(200)).body).toMatchObject({
      optIn: 'none',
    });
    const test = await admin.post('/api/integrations/email/send-test').expect(200);
    expect(test.body).toMatchObject({
      ok: false,
      message: `The SMTP server smtp.example.com:587 (STARTTLS) was not contacted: ${EMAIL_NEEDS_PUBLIC_URL}`,
    });
  });
});
