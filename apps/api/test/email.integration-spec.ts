import { type IntegrationCheck, SECRET_MASK } from '@app/contracts';
import dns from 'node:dns';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type TestAgent from 'supertest/lib/agent';
import { EmailService } from '../src/notifications/email.service';
import { SettingsService } from '../src/settings/settings.service';
import { signedInAgent } from './support/auth';
import { SINK_PASSWORD, SINK_USER, type SmtpSink, startSmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';
import { saveSettings, useStack } from './support/stack';

/**
 * E-mail through SMTP (#14) against a real SMTP sink (smtp-server, in this process, on 127.0.0.1 with
 * AUTH): the Test is nodemailer's verify() and never claims a success the server did not give.
 */

const USER = SINK_USER;
const PASSWORD = SINK_PASSWORD;
type Sink = SmtpSink;
const startSink = startSmtpSink;
const stopSink = (sink: Sink | undefined) => sink?.stop() ?? Promise.resolve();

/** Accepts connections and never says a word (no SMTP greeting). */
async function startSilentServer(): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, sockets };
}

async function deadPort(): Promise<number> {
  const dead = createServer();
  await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
  const { port } = dead.address() as AddressInfo;
  await new Promise<void>((r) => dead.close(() => r()));
  return port;
}

describe('e-mail (SMTP) connection test', () => {
  let t: TestApp;
  let admin: TestAgent;
  let sink: Sink;

  useStack({ smtp: true }, (s) => ({ smtp: sink, t, admin } = s));
  beforeEach(() => sink.clear());

  const setSmtp = (values: Record<string, unknown>) => saveSettings(admin, values);
  const test = async (): Promise<IntegrationCheck> =>
    (await admin.post('/api/integrations/email/test').expect(200)).body as IntegrationCheck;
  const local = (port: number) => ({
    smtpHost: '127.0.0.1',
    smtpPort: port,
    smtpSecurity: 'none',
    smtpUser: USER,
    smtpPassword: PASSWORD,
  });

  it('says no server is set, without a success', async () => {
    expect(await test()).toMatchObject({
      id: 'email',
      ok: false,
      scope: 'connection',
      message:
        'No SMTP server is set: set SMTP_URL on the server or the SMTP settings under Integrations → Notifications',
    });
  });

  it('succeeds when the server accepts the user name and password, and sends nothing', async () => {
    await setSmtp({ ...local(sink.port), notificationEmail: 'owner@example.com' });
    expect(await test()).toMatchObject({
      ok: true,
      scope: 'connection',
      message: `The SMTP server 127.0.0.1:${sink.port} (no encryption) accepted the user name and password of ${USER}; notifications go to owner@example.com`,
    });
    expect(sink.auths).toEqual([USER]);
    expect(sink.messages).toEqual([]);
  });

  it('answers the server’s 535 for a wrong password', async () => {
    await setSmtp({ ...local(sink.port), smtpPassword: 'wrong-password' });
    const check = await test();
    expect(check).toMatchObject({ ok: false, scope: 'connection' });
    expect(check.message).toBe(
      `The SMTP server 127.0.0.1:${sink.port} (no encryption) refused the user name or password: 535 Authentication credentials invalid`,
    );
  });

  it('answers connection refused for a dead port, at once', async () => {
    const port = await deadPort();
    await setSmtp(local(port));
    const check = await test();
    expect(check).toMatchObject({
      ok: false,
      message: `Could not connect to the SMTP server 127.0.0.1:${port} (no encryption): connection refused`,
    });
    // Not the 5 s timeout of a server that never answers.
    expect(check.durationMs).toBeLessThan(3000);
  });

  it('gives up on a server that never greets within the 5 s timeout', async () => {
    const silent = await startSilentServer();
    try {
      await setSmtp(local(silent.port));
      const started = Date.now();
      const check = await test();
      expect(check.ok).toBe(false);
      expect(check.message).toMatch(
        new RegExp(
          `^The SMTP server 127\\.0\\.0\\.1:${silent.port} \\(no encryption\\) did not answer within 5 s: Greeting never received$`,
        ),
      );
      expect(check.durationMs).toBeGreaterThanOrEqual(4900);
      expect(Date.now() - started).toBeLessThan(7000);
    } finally {
      silent.sockets.forEach((s) => s.destroy());
      silent.server.close();
    }
  }, 15_000);

  it('reports a host name that does not resolve', async () => {
    await setSmtp({ ...local(sink.port), smtpHost: 'smtp.integration-test.invalid' });
    const check = await test();
    expect(check.ok).toBe(false);
    expect(check.message).toMatch(
      /^The SMTP host of smtp\.integration-test\.invalid:\d+ \(no encryption\) could not be found \((ENOTFOUND|EAI_AGAIN)\): /,
    );
  });

  it('gives a clear error within the deadline when the DNS resolver never answers', async () => {
    // Only this name hangs; the app runs in this process, so it meets the spy.
    const lookup = dns.promises.lookup.bind(dns.promises);
    jest
      .spyOn(dns.promises, 'lookup')
      .mockImplementation(((host: string, options: dns.LookupAllOptions) =>
        host === 'smtp.slow-dns.test' ? new Promise(() => undefined) : lookup(host, options)) as never);
    try {
      await setSmtp({
        ...local(sink.port),
        smtpHost: 'smtp.slow-dns.test',
        notificationEmail: 'owner@example.com',
      });
      const started = Date.now();
      const check = await test();
      expect(check).toMatchObject({
        ok: false,
        message: `The SMTP host of smtp.slow-dns.test:${sink.port} (no encryption) could not be found (EAI_AGAIN): no answer from the DNS resolver for smtp.slow-dns.test within 5 s`,
      });
      // The check's deadline: the 5 s timeout + 2 s.
      expect(Date.now() - started).toBeLessThan(7000);
      // The sender meets the same bound, and counts it as a temporary failure.
      const sent = await t.app
        .get(EmailService)
        .deliver({ to: 'owner@example.com', subject: 'Hello', text: 'A test' }, { retryDelaysMs: [] });
      expect(sent).toMatchObject({ ok: false, temporary: true, attempts: 1, status: null });
      expect(sent.message).toBe('no answer from the DNS resolver for smtp.slow-dns.test within 5 s');
      expect(sink.messages).toEqual([]);
    } finally {
      jest.restoreAllMocks();
    }
  }, 20_000);

  it('reports a TLS failure (a self-signed certificate) as the TLS error it is', async () => {
    const tlsSink = await startSink({ secure: true });
    try {
      await setSmtp({ ...local(tlsSink.port), smtpSecurity: 'tls' });
      const check = await test();
      expect(check.ok).toBe(false);
      expect(check.message).toMatch(
        new RegExp(
          `^The TLS connection to the SMTP server 127\\.0\\.0\\.1:${tlsSink.port} \\(TLS\\) failed: .*certificate`,
        ),
      );
      expect(tlsSink.auths).toEqual([]);
    } finally {
      await stopSink(tlsSink);
    }
  });

  it('insists on STARTTLS when it is asked for and the server does not offer it', async () => {
    await setSmtp({ ...local(sink.port), smtpSecurity: 'starttls' });
    const check = await test();
    expect(check.ok).toBe(false);
    expect(check.message).toBe(
      `The TLS connection to the SMTP server 127.0.0.1:${sink.port} (STARTTLS) failed: 500 Error: command not recognized`,
    );
    expect(sink.auths).toEqual([]);
  });

  it('the e-mail sender delivers through the configured server from the From address', async () => {
    await setSmtp({ ...local(sink.port), smtpFrom: 'channel@example.com' });
    await t.app.get(EmailService).send({ to: 'owner@example.com', subject: 'Hello', text: 'A test' });
    expect(sink.messages).toEqual([
      {
        from: 'channel@example.com',
        to: ['owner@example.com'],
        body: expect.stringContaining('Subject: Hello'),
      },
    ]);
  });
});

describe('e-mail settings from SMTP_URL', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp({
      env: { SMTP_URL: 'smtps://mailer%40example.com:env%2Fsecret@smtp.example.com' },
    });
    admin = await signedInAgent(t.server);
  });
  afterAll(() => t?.close());

  it('gives the starting values; the password stays masked and out of backups', async () => {
    const view = await admin.get('/api/admin/settings').expect(200);
    expect(view.body).toMatchObject({
      smtpHost: 'smtp.example.com',
      smtpPort: 465,
      smtpSecurity: 'tls',
      smtpUser: 'mailer@example.com',
      smtpPassword: SECRET_MASK,
      smtpFrom: '',
    });
    expect(view.text).not.toContain('env/secret');
    const backup = await admin.get('/api/admin/export').expect(200);
    expect(backup.text).not.toContain('env/secret');
    expect(backup.body.settings).not.toHaveProperty('smtpPassword');
    expect(await t.app.get(SettingsService).get('smtpPassword')).toBe('env/secret');
  });

  it('are defaults only: what the admin saves wins; posting the mask back keeps the password', async () => {
    await admin.post('/api/settings/smtpHost').send({ value: 'mail.example.org' }).expect(200);
    const kept = await admin.post('/api/settings/smtpPassword').send({ value: SECRET_MASK }).expect(200);
    expect(kept.body).toEqual({ key: 'smtpPassword', value: SECRET_MASK });
    const service = t.app.get(SettingsService);
    expect(await service.getMany(['smtpHost', 'smtpPassword'])).toEqual({
      smtpHost: 'mail.example.org',
      smtpPassword: 'env/secret',
    });
  });
});

describe('e-mail test in production', () => {
  let admin: TestAgent;
  let sink: Sink;

  useStack({ smtp: true, production: true }, (s) => ({ smtp: sink, admin } = s));

  const check = async (values: Record<string, unknown>): Promise<IntegrationCheck> => {
    await saveSettings(admin, values);
    return (await admin.post('/api/integrations/email/test').expect(200)).body as IntegrationCheck;
  };

  it('refuses private and loopback addresses (also behind a name) before connecting', async () => {
    const base = { smtpPort: sink.port, smtpSecurity: 'starttls', smtpUser: USER, smtpPassword: PASSWORD };
    expect(await check({ ...base, smtpHost: '10.0.0.1' })).toMatchObject({
      ok: false,
      message: `The SMTP server 10.0.0.1:${sink.port} (STARTTLS) was not contacted: Refused 10.0.0.1: 10.0.0.1 is a private or reserved address`,
    });
    expect(await check({ ...base, smtpHost: '127.0.0.1' })).toMatchObject({
      ok: false,
      message: `The SMTP server 127.0.0.1:${sink.port} (STARTTLS) was not contacted: Refused 127.0.0.1: 127.0.0.1 is a loopback address`,
    });
    const named = await check({ ...base, smtpHost: 'localhost' });
    expect(named.ok).toBe(false);
    expect(named.message).toMatch(/was not contacted: Refused localhost: .* is a loopback address$/);
    expect(sink.auths).toEqual([]);
  });

  it('refuses an unencrypted connection (the password would travel in clear)', async () => {
    expect(await check({ smtpHost: 'smtp.example.com', smtpSecurity: 'none' })).toMatchObject({
      ok: false,
      message: `The SMTP server smtp.example.com:${sink.port} (no encryption) was not contacted: an unencrypted SMTP connection is not allowed in production`,
    });
  });
});
