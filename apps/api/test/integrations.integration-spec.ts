import { SettingsService } from '../src/settings/settings.service';
import type { IntegrationCheck, IntegrationChecks } from '@app/contracts';
import type { FakeDiscordStartedLine, FakeMailchimpStartedLine } from '@app/contracts/fake-services';
import dns from 'node:dns';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { verifyWebhookSignature } from '../src/notifications/webhook-signature';
import type { FakeService } from './support/fake-services';
import type { FakeYouTube } from './support/fake-youtube';
import { saveSettings, useStack } from './support/stack';
import type { TestApp } from './support/test-app';

/**
 * Connection tests against local fakes (tools/fake-youtube, fake-discord, fake-mailchimp) and a local
 * webhook receiver: every success, and every failure (bad key, 401/404, 5xx, timeout, DNS failure, a
 * redirect to a private address, a dead service) answers ok: false with the service's words.
 */

/** Longer than the outbound timeout (5 s). */
const HANG_MS = 8000;
/** A name that never resolves (RFC 6761). */
const NOWHERE = 'integration-test.invalid';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the local webhook receiver answers: `status` with `headers` and `body`, after `delayMs`, or never. */
interface ReceiverAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
  hang?: boolean;
}

describe('integration connection tests', () => {
  let youtube: FakeYouTube;
  let discord: FakeService<FakeDiscordStartedLine>;
  let mailchimp: FakeService<FakeMailchimpStartedLine>;
  let t: TestApp;
  let admin: TestAgent;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  let answer: ReceiverAnswer = { status: 204 };
  /** A port nothing listens on. */
  let deadUrl: string;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
        const { status, headers, body, delayMs, hang } = answer;
        if (hang) return;
        setTimeout(() => {
          if (!res.destroyed) res.writeHead(status, headers).end(body);
        }, delayMs ?? 0);
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
    await new Promise<void>((r) => dead.close(() => r()));
  });
  afterAll(() => {
    receiver?.closeAllConnections();
    receiver?.close();
  });
  useStack(
    { youtube: { videos: 3, playlists: 1 }, discord: true, mailchimp: true },
    (s) => ({ youtube, discord, mailchimp, t, admin } = s),
  );
  beforeEach(async () => {
    received.length = 0;
    answer = { status: 204 };
    await Promise.all([youtube.reset(), discord.reset(), mailchimp.reset()]);
  });

  const set = (key: string, value: unknown) => saveSettings(admin, { [key]: value });
  const test = async (id: string): Promise<IntegrationCheck> =>
    (await admin.post(`/api/integrations/${id}/test`).expect(200)).body as IntegrationCheck;
  const lastChecks = async () =>
    ((await admin.get('/api/admin/integrations/checks').expect(200)).body as IntegrationChecks).checks;

  it('is for the admin only, and knows its integrations', async () => {
    await request(t.server).post('/api/integrations/youtube/test').expect(401);
    await request(t.server).get('/api/admin/integrations/checks').expect(401);
    const unknown = await admin.post('/api/integrations/myspace/test').expect(400);
    expect(unknown.body.message).toMatch(/^id: /);
  });

  describe('YouTube: one channels.list call', () => {
    it('names the channel and spends 1 unit', async () => {
      const check = await test('youtube');
      const { title } = await youtube.channel();
      expect(check).toMatchObject({
        id: 'youtube',
        ok: true,
        scope: 'connection',
        message: `YouTube channel "${title}" (${youtube.channelId}); the test used 1 quota unit`,
      });
      expect((await youtube.stats()).units).toBe(1);
    });

    it.each([
      [
        'a bad key',
        { method: 'channels', type: 'error', status: 400, reason: 'keyInvalid' },
        /^YouTube API error \(keyInvalid, HTTP 400\): /,
      ],
      [
        'quota exceeded',
        { method: 'channels', type: 'quota' },
        /^YouTube API quota exceeded \(quotaExceeded\): /,
      ],
      [
        'a 5xx',
        { method: 'channels', type: 'error', status: 503 },
        /^YouTube API error \(backendError, HTTP 503\)/,
      ],
      [
        'a dropped connection',
        { method: 'channels', type: 'drop' },
        /^Could not reach the YouTube API \(network\)/,
      ],
    ] as const)('reports %s in YouTube’s words', async (_, fault, message) => {
      await youtube.setFaults([fault]);
      const check = await test('youtube');
      expect(check).toMatchObject({ ok: false, scope: 'connection' });
      expect(check.message).toMatch(message);
    });

    it('reports a redirect, to a private address or elsewhere, without following it', async () => {
      await youtube.setFaults([
        { method: 'channels', type: 'redirect', location: 'http://169.254.169.254/latest/meta-data/' },
      ]);
      expect(await test('youtube')).toMatchObject({
        ok: false,
        scope: 'connection',
        message:
          'YouTube API error (http302, HTTP 302): Found (redirects are not followed; it pointed to http://169.254.169.254/latest/meta-data/)',
      });
      // Elsewhere: the local receiver, which the policy would allow outside production; still not followed.
      await youtube.setFaults([
        { method: 'channels', type: 'redirect', status: 301, location: `${receiverUrl}/youtube/v3/channels` },
      ]);
      expect(await test('youtube')).toMatchObject({
        ok: false,
        message: `YouTube API error (http301, HTTP 301): Moved Permanently (redirects are not followed; it pointed to ${receiverUrl}/youtube/v3/channels)`,
      });
      expect(received).toEqual([]);
      expect((await youtube.stats()).calls.channels).toBe(2);
    });

    it('reports a channel YouTube does not have (any more: saving checks it, so it is stored directly)', async () => {
      await t.app.get(SettingsService).set('channelId', 'UC0000000000000000000000');
      try {
        expect(await test('youtube')).toMatchObject({
          ok: false,
          message:
            'YouTube has no channel UC0000000000000000000000: check Channel in YouTube set-up (Content → YouTube Integration)',
        });
      } finally {
        await set('channelId', '');
      }
    });
  });

  describe('Discord: a GET on the webhook URL', () => {
    it('names the webhook and its channel, and posts nothing', async () => {
      await set('discordWebhook', discord.info.webhookUrl);
      expect(await test('discord')).toMatchObject({
        ok: true,
        scope: 'connection',
        message: `Discord webhook "${discord.info.webhook.name}" posts to channel ${discord.info.webhook.channel_id}`,
      });
      expect((await discord.requests()).map((r) => r.method)).toEqual(['GET']);
    });

    it('reports 401 and 404 Unknown Webhook in Discord’s words', async () => {
      await set('discordWebhook', discord.info.webhookUrl.replace(/[^/]+$/, 'wrong-token'));
      expect(await test('discord')).toMatchObject({
        ok: false,
        message: 'Discord answered 401: Invalid Webhook Token',
      });
      await set('discordWebhook', `${discord.info.url}/api/webhooks/42/${discord.info.webhook.token}`);
      expect(await test('discord')).toMatchObject({
        ok: false,
        message: 'Discord answered 404: Unknown Webhook',
      });
    });

    it('reports a 5xx, a redirect to a private address and a 200 that is not a webhook', async () => {
      await set('discordWebhook', discord.info.webhookUrl);
      await discord.setFault({ type: 'status', status: 502, body: { message: 'Bad Gateway', code: 0 } });
      expect(await test('discord')).toMatchObject({
        ok: false,
        message: 'Discord answered 502: Bad Gateway',
      });
      await discord.setFault({ type: 'redirect', location: 'http://169.254.169.254/latest/meta-data/' });
      expect(await test('discord')).toMatchObject({
        ok: false,
        message:
          'The Discord webhook URL answered 302 (redirects are not followed; it pointed to http://169.254.169.254/latest/meta-data/)',
      });
      await discord.setFault({ type: 'status', status: 200, body: '<html>Welcome</html>' });
      expect(await test('discord')).toMatchObject({
        ok: false,
        message: 'The URL answered 200, but not with a Discord webhook (no name and channel_id)',
      });
      expect(await discord.requests()).toHaveLength(3);
    });

    it('reports a dead service and a name that does not resolve', async () => {
      await set('discordWebhook', `${deadUrl}/api/webhooks/1/x`);
      expect((await test('discord')).message).toMatch(/^Could not reach the Discord webhook: ECONNREFUSED/);
      await set('discordWebhook', `http://${NOWHERE}/api/webhooks/1/x`);
      const check = await test('discord');
      expect(check.ok).toBe(false);
      expect(check.message).toMatch(
        /^Could not reach the Discord webhook: (ENOTFOUND|EAI_AGAIN).*integration-test\.invalid/,
      );
    });

    it('refuses a private address without sending anything', async () => {
      await set('discordWebhook', 'http://10.0.0.1/api/webhooks/1/x');
      expect(await test('discord')).toMatchObject({
        ok: false,
        message:
          'Could not reach the Discord webhook: Refused 10.0.0.1: 10.0.0.1 is a private or reserved address',
      });
    });
  });

  describe('custom webhook: a signed ping', () => {
    const SECRET = 'ping-secret';

    it('sends a ping signed as deliveries are, and reports the status and time', async () => {
      await set('customWebhookUrl', `${receiverUrl}/hook`);
      await set('customWebhookSecret', SECRET);
      const check = await test('custom-webhook');
      expect(check).toMatchObject({ ok: true, scope: 'connection' });
      expect(check.message).toMatch(/^The webhook answered 204 to a signed ping in \d+ ms$/);
      expect(received).toHaveLength(1);
      const [ping] = received;
      expect(verifyWebhookSignature(ping.body, SECRET, ping.headers['x-webhook-signature'] as string)).toBe(
        true,
      );
      const event = JSON.parse(ping.body);
      expect(event).toEqual({ event: 'ping', id: expect.any(String), timestamp: expect.any(Number) });
      expect(ping.headers).toMatchObject({
        'x-webhook-event': 'ping',
        'x-webhook-id': event.id,
        'x-webhook-timestamp': String(event.timestamp),
        'content-type': 'application/json',
        'user-agent': 'channel-site-webhooks/1.0',
      });
    });

    it('reports a 5xx with its time, and a missing secret without sending', async () => {
      answer = { status: 500 };
      const check = await test('custom-webhook');
      expect(check.ok).toBe(false);
      expect(check.message).toMatch(/^The webhook answered 500 Internal Server Error after \d+ ms$/);
      await set('customWebhookSecret', '');
      received.length = 0;
      expect(await test('custom-webhook')).toMatchObject({
        ok: false,
        message: 'No webhook secret is set: nothing is sent without one (receivers could not verify it)',
      });
      expect(received).toEqual([]);
      await set('customWebhookSecret', SECRET);
    });

    it('reports 401 and 404 with the receiver’s words and its time, never a success', async () => {
      await set('customWebhookUrl', `${receiverUrl}/hook`);
      await set('customWebhookSecret', SECRET);
      answer = { status: 401, headers: { 'Content-Type': 'text/plain' }, body: 'invalid signature' };
      const unauthorized = await test('custom-webhook');
      expect(unauthorized).toMatchObject({ ok: false, scope: 'connection' });
      expect(unauthorized.message).toMatch(
        /^The webhook answered 401 Unauthorized after \d+ ms: invalid signature$/,
      );
      answer = { status: 404, headers: { 'Content-Type': 'text/html' }, body: '<h1>Not Found</h1>' };
      const notFound = await test('custom-webhook');
      expect(notFound.ok).toBe(false);
      expect(notFound.message).toMatch(/^The webhook answered 404 Not Found after \d+ ms: Not Found$/);
      expect(received).toHaveLength(2);
    });

    it('reports a redirect, to a private address or elsewhere, without following it', async () => {
      await set('customWebhookUrl', `${receiverUrl}/hook`);
      await set('customWebhookSecret', SECRET);
      answer = { status: 302, headers: { Location: 'http://169.254.169.254/latest/meta-data/' } };
      const toPrivate = await test('custom-webhook');
      expect(toPrivate.ok).toBe(false);
      expect(toPrivate.message).toMatch(
        /^The webhook answered 302 \(redirects are not followed; it pointed to http:\/\/169\.254\.169\.254\/latest\/meta-data\/\) after \d+ ms$/,
      );
      // A 307 or 308 would repeat the signed POST elsewhere: to a URL the policy allows, still not followed.
      for (const status of [301, 307, 308]) {
        answer = { status, headers: { Location: `${receiverUrl}/elsewhere` } };
        const check = await test('custom-webhook');
        expect(check.ok).toBe(false);
        expect(check.message).toMatch(
          new RegExp(
            `^The webhook answered ${status} \\(redirects are not followed; it pointed to ${receiverUrl}/elsewhere\\) after \\d+ ms$`,
          ),
        );
      }
      answer = { status: 303 };
      expect((await test('custom-webhook')).message).toMatch(
        /^The webhook answered 303 \(redirects are not followed\) after \d+ ms$/,
      );
      expect(received.map((r) => r.url)).toEqual(Array(5).fill('/hook'));
    });

    it('refuses a private address, literal or behind a name, without sending anything', async () => {
      await set('customWebhookSecret', SECRET);
      const refused = {
        'http://10.0.0.1/hook': 'Refused 10.0.0.1: 10.0.0.1 is a private or reserved address',
        'http://169.254.169.254/latest/meta-data/':
          'Refused 169.254.169.254: 169.254.169.254 is a private or reserved address',
        'http://[::ffff:192.168.0.1]/hook':
          'Refused ::ffff:c0a8:1: ::ffff:c0a8:1 is a private or reserved address',
        'http://[fd00::1]/hook': 'Refused fd00::1: fd00::1 is a private or reserved address',
      };
      for (const [url, message] of Object.entries(refused)) {
        await set('customWebhookUrl', url);
        expect(await test('custom-webhook')).toMatchObject({
          ok: false,
          message: `Could not reach the webhook: ${message}`,
        });
      }
      // A name whose address is private is refused at lookup time, before any connection.
      const lookup = dns.lookup;
      jest
        .spyOn(dns, 'lookup')
        .mockImplementation(((
          host: string,
          options: dns.LookupOptions,
          callback: (error: Error | null, addresses: dns.LookupAddress[]) => void,
        ) =>
          host === 'hook.private.test'
            ? callback(null, [{ address: '10.1.2.3', family: 4 }])
            : lookup(host, options, callback as never)) as never);
      try {
        await set('customWebhookUrl', 'http://hook.private.test/hook');
        expect(await test('custom-webhook')).toMatchObject({
          ok: false,
          message:
            'Could not reach the webhook: Refused hook.private.test: 10.1.2.3 is a private or reserved address',
        });
      } finally {
        jest.restoreAllMocks();
      }
      expect(received).toEqual([]);
    });

    it('gives up on a receiver that answers too late: a late 200 is no success', async () => {
      await set('customWebhookUrl', `${receiverUrl}/hook`);
      await set('customWebhookSecret', SECRET);
      answer = { status: 200, delayMs: HANG_MS };
      const started = Date.now();
      expect(await test('custom-webhook')).toMatchObject({
        ok: false,
        message: 'Could not reach the webhook: no answer within 5 s',
      });
      expect(Date.now() - started).toBeLessThan(6500);
      expect(received).toHaveLength(1);
    }, 15_000);

    it('reports a dead receiver and a name that does not resolve', async () => {
      await set('customWebhookUrl', deadUrl);
      expect((await test('custom-webhook')).message).toMatch(/^Could not reach the webhook: ECONNREFUSED/);
      await set('customWebhookUrl', `https://${NOWHERE}/hook`);
      expect((await test('custom-webhook')).message).toMatch(
        /^Could not reach the webhook: (ENOTFOUND|EAI_AGAIN)/,
      );
      await set('customWebhookUrl', `${receiverUrl}/hook`);
    });
  });

  describe('Mailchimp: ping on the key’s data centre', () => {
    it('answers the health status on the data centre the key names', async () => {
      await set('mailchimpApiKey', mailchimp.info.apiKey);
      expect(await test('mailchimp')).toMatchObject({
        ok: true,
        message: `Mailchimp answered "Everything's Chimpy!" (data centre us6); no audience is set, so none was checked`,
      });
      const [ping] = await mailchimp.requests();
      expect(ping.path).toBe('/us6/3.0/ping');
      expect(ping.headers.authorization).toBe(
        `Basic ${Buffer.from(`key:${mailchimp.info.apiKey}`).toString('base64')}`,
      );
    });

    it('names the newsletter’s audience and its member count once an audience id is set', async () => {
      await set('mailchimpApiKey', mailchimp.info.apiKey);
      await set('mailchimpAudienceId', mailchimp.info.audience.id);
      try {
        expect(await test('mailchimp')).toMatchObject({
          ok: true,
          message: `Mailchimp answered "Everything's Chimpy!" (data centre us6); audience "${mailchimp.info.audience.name}" has ${mailchimp.info.audience.memberCount} members`,
        });
        await set('mailchimpAudienceId', 'zzzzz99999');
        expect((await test('mailchimp')).message).toBe(
          `Mailchimp answered "Everything's Chimpy!" (data centre us6), but audience zzzzz99999: 404 Resource Not Found: The requested resource could not be found.`,
        );
      } finally {
        await set('mailchimpAudienceId', '');
      }
    });

    it('reports a bad key, the wrong data centre and a key without one in Mailchimp’s words', async () => {
      await set('mailchimpApiKey', 'ffffffffffffffffffffffffffffffff-us6');
      const invalid =
        "Mailchimp answered 401: API Key Invalid: Your API key may be invalid, or you've attempted to access the wrong datacenter.";
      expect(await test('mailchimp')).toMatchObject({ ok: false, message: invalid });
      await set('mailchimpApiKey', mailchimp.info.apiKey.replace(/us6$/, 'us1'));
      expect(await test('mailchimp')).toMatchObject({ ok: false, message: invalid });
      expect((await mailchimp.requests()).map((r) => r.path)).toEqual(['/us6/3.0/ping', '/us1/3.0/ping']);
      await set('mailchimpApiKey', 'no-data-centre');
      expect(await test('mailchimp')).toMatchObject({
        ok: false,
        message: 'The Mailchimp API key names no data centre: a key ends in its data centre, like …-us6',
      });
    });

    it('reports a 5xx, a redirect to a private address and a dropped connection', async () => {
      await set('mailchimpApiKey', mailchimp.info.apiKey);
      await mailchimp.setFault({
        type: 'status',
        status: 503,
        body: { title: 'Service Unavailable', status: 503, detail: 'Try again later.' },
      });
      expect(await test('mailchimp')).toMatchObject({
        ok: false,
        message: 'Mailchimp answered 503: Service Unavailable: Try again later.',
      });
      await mailchimp.setFault({ type: 'redirect', location: 'http://10.0.0.1/', status: 307 });
      expect((await test('mailchimp')).message).toBe(
        'Mailchimp answered 307 (redirects are not followed; it pointed to http://10.0.0.1/)',
      );
      await mailchimp.setFault({ type: 'drop' });
      expect((await test('mailchimp')).message).toMatch(
        /^Could not reach Mailchimp \(data centre us6\): ECONNRESET/,
      );
    });
  });

  it('gives a clear error within seconds for every service that does not answer', async () => {
    await set('discordWebhook', discord.info.webhookUrl);
    await set('mailchimpApiKey', mailchimp.info.apiKey);
    await set('customWebhookUrl', `${receiverUrl}/hook`);
    await set('customWebhookSecret', 'ping-secret');
    answer = { status: 204, hang: true };
    await youtube.setFaults([{ method: 'channels', type: 'slow', delayMs: HANG_MS }]);
    await discord.setFault({ type: 'slow', delayMs: HANG_MS });
    await mailchimp.setFault({ type: 'slow', delayMs: HANG_MS });
    const started = Date.now();
    const checks = await Promise.all(['youtube', 'discord', 'mailchimp', 'custom-webhook'].map(test));
    const took = Date.now() - started;
    expect(checks.map((c) => [c.id, c.ok, c.message])).toEqual([
      [
        'youtube',
        false,
        'Could not reach the YouTube API (timeout): channels.list did not answer within 5000 ms',
      ],
      ['discord', false, 'Could not reach the Discord webhook: no answer within 5 s'],
      ['mailchimp', false, 'Could not reach Mailchimp (data centre us6): no answer within 5 s'],
      ['custom-webhook', false, 'Could not reach the webhook: no answer within 5 s'],
    ]);
    for (const check of checks) expect(check.durationMs).toBeLessThan(6000);
    expect(took).toBeLessThan(HANG_MS);
  }, 20_000);

  describe('Google Analytics, Plausible and e-mail: no connection claimed', () => {
    it('checks only the form of the GA id and says so', async () => {
      await set('googleAnalyticsId', 'G-ABC1234567');
      const check = await test('google-analytics');
      expect(check).toMatchObject({ ok: true, scope: 'format' });
      expect(check.message).toMatch(
        /^G-ABC1234567 is a well-formed GA4 measurement ID\. Only its form was checked/,
      );
      await set('googleAnalyticsId', 'UA-12345678-1');
      expect(await test('google-analytics')).toMatchObject({ ok: false, scope: 'format' });
    });

    it('checks only the form of the Plausible domain and says what it could not check', async () => {
      await set('plausibleDomain', 'example.com');
      const check = await test('plausible');
      expect(check).toMatchObject({ ok: true, scope: 'format' });
      expect(check.message).toContain('cannot be read without a Plausible API key');
    });

    it('claims no e-mail connection without an SMTP server (email.integration-spec has the real ones)', async () => {
      expect(await test('email')).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^No SMTP server is set/),
      });
    });
  });

  it('keeps the last result of each integration until its settings change', async () => {
    await set('discordWebhook', `${discord.info.url}/api/webhooks/42/x`);
    const failed = await test('discord');
    expect(failed.ok).toBe(false);
    expect((await lastChecks()).find((c) => c.id === 'discord')).toEqual(failed);
    expect(Date.parse(failed.checkedAt)).toBeGreaterThan(Date.now() - 60_000);

    await set('discordWebhook', discord.info.webhookUrl);
    // The stored failure was about another URL.
    expect((await lastChecks()).find((c) => c.id === 'discord')).toBeUndefined();
    const passed = await test('discord');
    expect((await lastChecks()).find((c) => c.id === 'discord')).toEqual(passed);
  });
});

describe('integration connection tests: services whose names do not resolve', () => {
  let admin: TestAgent;
  useStack(
    {
      env: {
        YOUTUBE_API_KEY: 'k',
        YOUTUBE_CHANNEL_ID: 'UC0000000000000000000000',
        YOUTUBE_API_BASE_URL: `http://youtube.${NOWHERE}/youtube/v3`,
        MAILCHIMP_API_BASE_URL: `http://{dc}.${NOWHERE}/3.0`,
      },
      settings: { mailchimpApiKey: 'abc-us6' },
    },
    (s) => ({ admin } = s),
  );

  it('reports the DNS failure, never a success', async () => {
    const youtube = (await admin.post('/api/integrations/youtube/test').expect(200)).body as IntegrationCheck;
    expect(youtube.ok).toBe(false);
    expect(youtube.message).toMatch(/^Could not reach the YouTube API \(network\): channels\.list failed: /);
    const mailchimp = (await admin.post('/api/integrations/mailchimp/test').expect(200))
      .body as IntegrationCheck;
    expect(mailchimp.ok).toBe(false);
    expect(mailchimp.message).toMatch(
      /^Could not reach Mailchimp \(data centre us6\): (ENOTFOUND|EAI_AGAIN).*us6\.integration-test\.invalid/,
    );
  });

  it('gives a clear error within seconds when the DNS resolver never answers, the lookup counted', async () => {
    // Every name under integration-test.invalid meets a resolver that never answers (the app runs in this
    // process); other names are looked up as usual.
    const hangs = (host: string) => host.endsWith(`.${NOWHERE}`);
    const lookup = dns.lookup;
    jest
      .spyOn(dns, 'lookup')
      .mockImplementation(((host: string, ...rest: unknown[]) =>
        hangs(host) ? undefined : (lookup as (...args: unknown[]) => void)(host, ...rest)) as never);
    const lookupAll = dns.promises.lookup.bind(dns.promises);
    jest
      .spyOn(dns.promises, 'lookup')
      .mockImplementation(((host: string, options: dns.LookupAllOptions) =>
        hangs(host) ? new Promise(() => undefined) : lookupAll(host, options)) as never);
    try {
      await saveSettings(admin, {
        discordWebhook: `http://discord.${NOWHERE}/api/webhooks/1/x`,
        customWebhookUrl: `http://hook.${NOWHERE}/hook`,
        customWebhookSecret: 'ping-secret',
        smtpHost: `smtp.${NOWHERE}`,
        smtpPort: 587,
        smtpSecurity: 'starttls',
      });
      const started = Date.now();
      const checks = await Promise.all(
        ['youtube', 'discord', 'custom-webhook', 'mailchimp', 'email'].map(
          async (id) =>
            (await admin.post(`/api/integrations/${id}/test`).expect(200)).body as IntegrationCheck,
        ),
      );
      expect(checks.map((c) => [c.id, c.ok, c.message])).toEqual([
        [
          'youtube',
          false,
          'Could not reach the YouTube API (timeout): channels.list did not answer within 5000 ms',
        ],
        ['discord', false, 'Could not reach the Discord webhook: no answer within 5 s'],
        ['custom-webhook', false, 'Could not reach the webhook: no answer within 5 s'],
        ['mailchimp', false, 'Could not reach Mailchimp (data centre us6): no answer within 5 s'],
        [
          'email',
          false,
          `The SMTP host of smtp.${NOWHERE}:587 (STARTTLS) could not be found (EAI_AGAIN): no answer from the DNS resolver for smtp.${NOWHERE} within 5 s`,
        ],
      ]);
      for (const check of checks) expect(check.durationMs).toBeLessThan(6000);
      expect(Date.now() - started).toBeLessThan(7000);
    } finally {
      jest.restoreAllMocks();
    }
  }, 20_000);
});
