import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { outboundPolicy } from '../common/outbound/outbound-http';
import {
  checkEmail,
  checkGoogleAnalytics,
  checkMailchimp,
  checkPlausible,
  mailchimpDataCentre,
} from './integration-checks';

const policy = outboundPolicy({ NODE_ENV: 'test' });

describe('mailchimpDataCentre', () => {
  it('reads the data centre from the key suffix, and nothing that could name another host', () => {
    expect(mailchimpDataCentre('0123abcd-us6')).toBe('us6');
    expect(mailchimpDataCentre('0123abcd-us21')).toBe('us21');
    expect(mailchimpDataCentre('0123abcd')).toBeNull();
    expect(mailchimpDataCentre('x-evil.example/us6')).toBeNull();
    expect(mailchimpDataCentre('x-us6.evil.example')).toBeNull();
  });
});

describe('checkMailchimp with an audience', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/us6/3.0/ping') return res.end('{"health_status":"Everything\'s Chimpy!"}');
      if (req.url?.startsWith('/us6/3.0/lists/abc?')) {
        return res.end('{"id":"abc","name":"Newsletter","stats":{"member_count":1}}');
      }
      res
        .writeHead(404)
        .end('{"title":"Resource Not Found","detail":"The requested resource could not be found."}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/{dc}/3.0`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('names the audience and its member count', async () => {
    await expect(
      checkMailchimp({ apiKey: 'k-us6', audienceId: 'abc', baseUrl: base, policy }),
    ).resolves.toEqual({
      ok: true,
      scope: 'connection',
      message: `Mailchimp answered "Everything's Chimpy!" (data centre us6); audience "Newsletter" has 1 member`,
    });
  });

  it('fails on an audience Mailchimp does not have', async () => {
    await expect(
      checkMailchimp({ apiKey: 'k-us6', audienceId: 'nope', baseUrl: base, policy }),
    ).resolves.toEqual({
      ok: false,
      scope: 'connection',
      message: `Mailchimp answered "Everything's Chimpy!" (data centre us6), but audience nope: 404 Resource Not Found: The requested resource could not be found.`,
    });
  });
});

describe('form-only checks', () => {
  it('never claim a connection', () => {
    expect(checkGoogleAnalytics('G-ABC1234567', true)).toMatchObject({ ok: true, scope: 'format' });
    expect(checkGoogleAnalytics('G-ABC1234567', false).message).toContain(
      'The Google Analytics switch is off',
    );
    expect(checkGoogleAnalytics('', true)).toEqual({
      ok: false,
      scope: 'format',
      message: 'No measurement ID is set',
    });
    expect(checkPlausible('example.com', true)).toMatchObject({ ok: true, scope: 'format' });
  });
});

describe('checkEmail with a DNS resolver that never answers', () => {
  afterEach(() => jest.restoreAllMocks());

  it('fails with a clear message within the deadline, the lookup included', async () => {
    jest.spyOn(dns.promises, 'lookup').mockReturnValue(new Promise(() => undefined));
    const quick = { ...policy, timeoutMs: 300 };
    const started = Date.now();
    const outcome = await checkEmail(
      {
        smtpHost: 'smtp.example.com',
        smtpPort: 587,
        smtpSecurity: 'starttls',
        smtpUser: 'site@example.com',
        smtpPassword: 'secret',
        smtpFrom: '',
      },
      'owner@example.com',
      quick,
    );
    expect(outcome).toEqual({
      ok: false,
      scope: 'connection',
      message:
        'The SMTP host of smtp.example.com:587 (STARTTLS) could not be found (EAI_AGAIN): no answer from the DNS resolver for smtp.example.com within 0.3 s',
    });
    // The check's deadline is the timeout + 2 s.
    expect(Date.now() - started).toBeLessThan(quick.timeoutMs + 2000);
  });
});
