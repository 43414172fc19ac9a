import {
  apiPaths,
  GOOGLE_CALLBACK_PATH,
  GOOGLE_SCOPES,
  REQUIRED_GOOGLE_SCOPES,
  SECRET_MASK,
} from '@app/contracts';
import type { FakeGoogleStartedLine, FakeGoogleState } from '@app/contracts/fake-google';
import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { Clock } from '../src/common/clock';
import { REFRESH_TOKEN_PURPOSE } from '../src/google-account/google-account-store';
import {
  GoogleAccountService,
  GoogleAccountUnavailableError,
} from '../src/google-account/google-account.service';
import { sealToken } from '../src/google-account/token-cipher';
import { tokenKeyRing } from '../src/google-account/token-keys';
import { SettingsService } from '../src/settings/settings.service';
import { YoutubeAnalyticsScheduler } from '../src/youtube-analytics/youtube-analytics-scheduler';
import type { FakeService } from './support/fake-services';
import {
  connectGoogle,
  consentAt,
  followCallback,
  googleStatus,
  startConnect,
} from './support/google-connect';
import { sinkSettings, type SmtpSink, subjectOf, textPart } from './support/smtp-sink';
import { googleClientSettings, useStack, withStack } from './support/stack';
import type { TestApp } from './support/test-app';

const OWNER = 'owner@mail.test';

describe('the owner’s Google account', () => {
  let t: TestApp;
  let admin: TestAgent;
  let google: FakeService<FakeGoogleStartedLine>;
  let sink: SmtpSink;
  useStack(
    {
      google: true,
      smtp: true,
      env: ({ google }) => ({ YOUTUBE_CHANNEL_ID: google!.info.owner.channelId! }),
      settings: ({ google, smtp }) => ({
        ...googleClientSettings(google!),
        ...sinkSettings(smtp!.port),
        notificationEmail: OWNER,
      }),
    },
    (s) => ({ t, admin, google, smtp: sink } = s),
  );
  beforeEach(async () => {
    jest.restoreAllMocks();
    // A connection starts the YouTube Analytics import (youtube-analytics.integration-spec.ts): not here, where the
    // token requests and the access token of this process are what is counted.
    jest.spyOn(t.app.get(YoutubeAnalyticsScheduler), 'start').mockReturnValue(false);
    await t.dataSource.query('DELETE FROM google_account');
    t.app.get(GoogleAccountService).forgetAccess();
    await google.reset();
    sink.clear();
  });

  const owner = () => google.info.owner;
  const fakeState = () => google.control<FakeGoogleState>('GET', 'state');
  const row = async () =>
    (await t.dataSource.query('SELECT * FROM google_account'))[0] as Record<string, unknown>;
  const tokenRequests = async () =>
    (await google.requests())
      .filter((r) => r.path === '/oauth2.googleapis.com/token')
      .map((r) => new URLSearchParams(r.body));
  const ownerLabel = () => `“${owner().channelTitle}” (${owner().channelId})`;

  describe('routes', () => {
    it('answers 401 to a visitor on every route, the OAuth callback included', async () => {
      const visitor = request(t.server);
      for (const res of [
        await visitor.get(apiPaths.googleAccount),
        await visitor.post(apiPaths.googleAccountConnect).send({ revenue: false }),
        await visitor.get(`${GOOGLE_CALLBACK_PATH}?state=x&code=y`),
        await visitor.delete(apiPaths.googleAccount),
      ]) {
        expect([res.status, res.body.message]).toEqual([401, 'Authentication required']);
      }
    });

    it('refuses Connect and Disconnect from another origin (CSRF), and a body that is not JSON', async () => {
      const evil = { Origin: 'https://evil.example' };
      expect(
        (await admin.post(apiPaths.googleAccountConnect).set(evil).send({ revenue: false })).status,
      ).toBe(403);
      expect((await admin.delete(apiPaths.googleAccount).set(evil)).status).toBe(403);
      const text = await admin
        .post(apiPaths.googleAccountConnect)
        .set('Content-Type', 'text/plain')
        .send('revenue');
      expect(text.status).toBe(415);
    });

    it('answers 400 naming the field for a bad body, and when the OAuth client is not set', async () => {
      const bad = await admin.post(apiPaths.googleAccountConnect).send({ revenue: 'yes' });
      expect([bad.status, bad.body.message]).toEqual([400, 'revenue: must be true or false']);
      const extra = await admin.post(apiPaths.googleAccountConnect).send({ revenue: false, scope: 'x' });
      expect([extra.status, extra.body.message]).toEqual([400, 'scope: is not allowed']);
      await admin.post(apiPaths.setting('googleOAuthClientSecret')).send({ value: '' }).expect(200);
      try {
        const unset = await admin.post(apiPaths.googleAccountConnect).send({ revenue: false });
        expect([unset.status, unset.body.message]).toEqual([
          400,
          expect.stringMatching(/^OAuth client: set the client ID and secret/),
        ]);
        expect((await googleStatus(admin)).clientConfigured).toBe(false);
      } finally {
        await admin
          .post(apiPaths.setting('googleOAuthClientSecret'))
          .send({ value: google.info.client.secret })
          .expect(200);
      }
    });
  });

  describe('connecting', () => {
    it('sends the owner to Google with PKCE, state and the exact redirect URI, then keeps the grant of the site’s channel', async () => {
      expect(await googleStatus(admin)).toMatchObject({
        clientConfigured: true,
        state: 'not-connected',
        channel: null,
      });
      const authorizationUrl = new URL(await startConnect(admin));
      // The site's origin (supertest's Host: 127.0.0.1 and the port it listens on for this request).
      const redirectUri = authorizationUrl.searchParams.get('redirect_uri')!;
      expect(redirectUri).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${GOOGLE_CALLBACK_PATH}$`));
      expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(
        `${google.info.baseUrl}/accounts.google.com/o/oauth2/v2/auth`,
      );
      const asked = Object.fromEntries(authorizationUrl.searchParams);
      expect(asked).toMatchObject({
        client_id: google.info.client.id,
        redirect_uri: redirectUri,
        response_type: 'code',
        access_type: 'offline',
        code_challenge_method: 'S256',
        scope: REQUIRED_GOOGLE_SCOPES.join(' '),
      });
      // Nothing connected: exactly what was ticked, not what Google may still hold from an earlier grant.
      expect(asked.include_granted_scopes).toBeUndefined();
      expect(asked.state).toMatch(/^[\w-]{43}$/);
      expect((await admin.get(apiPaths.googleAccount).set('Host', 'site.example')).body.redirectUri).toBe(
        `http://site.example${GOOGLE_CALLBACK_PATH}`,
      );

      await followCallback(admin, await consentAt(google, authorizationUrl.toString()));
      const status = await googleStatus(admin);
      expect(status).toMatchObject({
        state: 'connected',
        channel: { id: owner().channelId, title: owner().channelTitle },
        revenue: false,
        problem: null,
        attempt: { ok: true, message: `Connected as ${ownerLabel()}.` },
      });
      expect([...status.scopes].sort()).toEqual([...REQUIRED_GOOGLE_SCOPES].sort());
      // PKCE: the code went back with the verifier whose S256 is the challenge, and the same redirect URI.
      const [exchange] = await tokenRequests();
      expect(exchange.get('grant_type')).toBe('authorization_code');
      expect(exchange.get('redirect_uri')).toBe(redirectUri);
      expect(createHash('sha256').update(exchange.get('code_verifier')!).digest('base64url')).toBe(
        asked.code_challenge,
      );
    });

    it('keeps the refresh token sealed: no column of the row, no answer, audit entry or export holds it', async () => {
      await connectGoogle(admin, google);
      const stored = await t.app.get(GoogleAccountService).find();
      const token = stored!.refreshToken!;
      expect(token).toMatch(/^1\/\/fake-/);
      const saved = await row();
      expect(String(saved.refreshTokenSealed)).toMatch(/^v1\.[0-9a-f]{8}\./);
      expect(JSON.stringify(saved)).not.toContain(token);
      expect(JSON.stringify(saved)).not.toContain('1//');
      const { accessToken } = await t.app.get(GoogleAccountService).access();
      expect(JSON.stringify(await row())).not.toContain(accessToken);
      for (const path of [apiPaths.googleAccount, apiPaths.audit, apiPaths.export, apiPaths.adminSettings]) {
        const text = (await admin.get(path).expect(200)).text;
        expect({ path, leaks: text.includes(token) || text.includes(accessToken) }).toEqual({
          path,
          leaks: false,
        });
      }
      const audit = (await admin.get(`${apiPaths.audit}?action=google-connected`).expect(200)).body;
      expect(audit.events[0].detail).toBe(`${ownerLabel()}; scopes: analytics, youtube`);
    });

    it('says so and stores nothing when the owner denies access on Google', async () => {
      const status = await connectGoogle(admin, google, { decision: 'deny' });
      expect(status).toMatchObject({
        state: 'not-connected',
        attempt: { ok: false, message: expect.stringMatching(/^Access was not allowed/) },
      });
      expect(await row()).toBeUndefined();
      expect(await tokenRequests()).toEqual([]);
    });

    it('refuses an account whose channel is not the site’s, naming both, and stores nothing', async () => {
      const other = google.info.other;
      const status = await connectGoogle(admin, google, { account: other.email });
      expect(status.state).toBe('not-connected');
      expect(status.attempt!.message).toContain(
        `manages the channel “${other.channelTitle}” (${other.channelId}), not this site’s channel ${owner().channelId}`,
      );
      expect(await row()).toBeUndefined();
    });

    it('refuses a grant without youtube.readonly (the owner unticked it)', async () => {
      const status = await connectGoogle(admin, google, { untick: [GOOGLE_SCOPES.youtube] });
      expect(status).toMatchObject({
        state: 'not-connected',
        attempt: { ok: false, message: expect.stringMatching(/^Google granted only part/) },
      });
    });

    it('refuses a state it did not send, a replayed one, one from another session and an expired one', async () => {
      const back = await consentAt(google, await startConnect(admin));
      const forged = new URL(back);
      forged.searchParams.set('state', 'forged-state');
      await followCallback(admin, forged);
      expect((await googleStatus(admin)).attempt!.message).toMatch(/^This answer from Google does not match/);
      // The forged answer left the real connection waiting: it still completes, once.
      await followCallback(admin, back);
      expect((await googleStatus(admin)).state).toBe('connected');
      await followCallback(admin, back);
      expect((await googleStatus(admin)).attempt!.message).toMatch(/^This answer from Google does not match/);
      expect((await tokenRequests()).length).toBe(1);

      const stranger = request.agent(t.server);
      await stranger.post('/api/auth/login').send({ username: 'admin', password: 'admin123' }).expect(200);
      const mine = await consentAt(google, await startConnect(admin));
      await followCallback(stranger, mine);
      expect((await googleStatus(stranger)).attempt!.message).toMatch(
        /^This answer from Google does not match/,
      );

      const late = await consentAt(google, await startConnect(admin));
      const inTenMinutes = Date.now() + 10 * 60 * 1000 + 5000;
      jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => inTenMinutes);
      await followCallback(admin, late);
      expect((await googleStatus(admin)).attempt!.message).toMatch(/^This answer from Google does not match/);
      expect((await tokenRequests()).length).toBe(1);
    });

    it('fails the exchange when the PKCE challenge Google saw is not the verifier’s', async () => {
      const url = new URL(await startConnect(admin));
      url.searchParams.set(
        'code_challenge',
        createHash('sha256').update('another verifier').digest('base64url'),
      );
      await followCallback(admin, await consentAt(google, url.toString()));
      expect(await googleStatus(admin)).toMatchObject({
        state: 'not-connected',
        attempt: { ok: false, message: expect.stringContaining('(invalid_grant: Invalid code verifier.)') },
      });
      expect(await row()).toBeUndefined();
    });

    it('calls Google under the outbound rules: a redirect (here to a private address) is never followed', async () => {
      const back = await consentAt(google, await startConnect(admin));
      await google.setFault({ type: 'redirect', location: 'http://169.254.169.254/latest/meta-data/' });
      await followCallback(admin, back);
      expect(await googleStatus(admin)).toMatchObject({
        state: 'not-connected',
        attempt: {
          ok: false,
          message: expect.stringContaining('Google refused the connection (http_error: HTTP 302)'),
        },
      });
      expect((await google.requests()).filter((r) => r.path === '/oauth2.googleapis.com/token')).toHaveLength(
        1,
      );
    });

    it('asks only for the revenue scope when Revenue is ticked later (incremental authorization)', async () => {
      await connectGoogle(admin, google);
      const url = new URL(await startConnect(admin, true));
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        scope: GOOGLE_SCOPES.revenue,
        include_granted_scopes: 'true',
      });
      await followCallback(admin, await consentAt(google, url.toString()));
      const status = await googleStatus(admin);
      expect(status).toMatchObject({
        state: 'connected',
        revenue: true,
        attempt: { ok: true, message: `Connected as ${ownerLabel()}, with revenue.` },
      });
      expect([...status.scopes].sort()).toEqual([...REQUIRED_GOOGLE_SCOPES, GOOGLE_SCOPES.revenue].sort());
      expect((await t.app.get(GoogleAccountService).access()).revenue).toBe(true);
    });
  });

  describe('once connected', () => {
    it('gives a fresh access token, kept until a minute before it expires', async () => {
      await connectGoogle(admin, google);
      const accounts = t.app.get(GoogleAccountService);
      const first = await accounts.access();
      expect(first).toMatchObject({ channelId: owner().channelId, revenue: false });
      expect((await accounts.access()).accessToken).toBe(first.accessToken);
      expect((await accounts.access({ fresh: true })).accessToken).not.toBe(first.accessToken);
      expect((await tokenRequests()).filter((r) => r.get('grant_type') === 'refresh_token')).toHaveLength(2);
    });

    it('turns to Reconnect needed on invalid_grant, e-mails the owner once, and keeps the rest working', async () => {
      await connectGoogle(admin, google);
      await google.control('POST', 'grants/revoke');
      const accounts = t.app.get(GoogleAccountService);
      await expect(accounts.access()).rejects.toMatchObject({ reason: 'reconnect-needed' });
      await expect(accounts.access()).rejects.toBeInstanceOf(GoogleAccountUnavailableError);
      const status = await googleStatus(admin);
      expect(status).toMatchObject({
        state: 'reconnect-needed',
        channel: { id: owner().channelId },
        problem: expect.stringContaining('(invalid_grant: Token has been expired or revoked.)'),
      });
      expect(sink.messages.map((m) => m.to)).toEqual([[OWNER]]);
      expect(subjectOf(sink.messages[0].body)).toMatch(
        /reconnect your Google account for YouTube Analytics$/,
      );
      expect(textPart(sink.messages[0].body)).toContain(
        '/admin?tab=integrations&sub=overview&field=google-account',
      );
      await request(t.server).get(apiPaths.settings).expect(200);
      await admin.get(apiPaths.adminSettings).expect(200);
      // Connecting again asks for every scope and puts it right.
      const url = new URL(await startConnect(admin));
      expect(url.searchParams.get('scope')).toBe(REQUIRED_GOOGLE_SCOPES.join(' '));
      await followCallback(admin, await consentAt(google, url.toString()));
      expect(await googleStatus(admin)).toMatchObject({ state: 'connected', problem: null });
      await expect(accounts.access()).resolves.toMatchObject({ channelId: owner().channelId });
    });

    it('revokes the grant at Google on Disconnect (the token in the body) and deletes the row', async () => {
      await connectGoogle(admin, google);
      const token = (await t.app.get(GoogleAccountService).find())!.refreshToken!;
      const res = await admin.delete(apiPaths.googleAccount).expect(200);
      expect(res.body).toEqual({
        revoked: true,
        message: 'Disconnected: Google revoked the site’s access and the site deleted it.',
      });
      expect((await fakeState()).revocations).toBe(1);
      expect((await fakeState()).grants).toEqual([]);
      const revoke = (await google.requests()).find((r) =>
        r.path.startsWith('/oauth2.googleapis.com/revoke'),
      )!;
      expect(revoke.path).toBe('/oauth2.googleapis.com/revoke');
      expect(new URLSearchParams(revoke.body).get('token')).toBe(token);
      expect(await row()).toBeUndefined();
      expect((await googleStatus(admin)).state).toBe('not-connected');
      const audit = (await admin.get(`${apiPaths.audit}?action=google-disconnected`).expect(200)).body;
      expect(audit.events[0].detail).toBe(`${ownerLabel()}; revoked at Google`);
      expect((await admin.delete(apiPaths.googleAccount).expect(200)).body).toEqual({
        revoked: false,
        message: 'No Google account was connected.',
      });
    });

    it('still deletes the row when Google cannot be reached to revoke, and says so', async () => {
      await connectGoogle(admin, google);
      await google.setFault({ type: 'drop' });
      const res = await admin.delete(apiPaths.googleAccount).expect(200);
      expect(res.body).toMatchObject({
        revoked: false,
        message: expect.stringMatching(
          /^Disconnected: the site deleted its access, but Google could not be reached/,
        ),
      });
      expect(await row()).toBeUndefined();
    });
  });
});

describe('the Google OAuth client and the token key from the environment', () => {
  const OLD_KEY = randomBytes(32).toString('hex');
  const NEW_KEY = randomBytes(32).toString('hex');
  const ringOf = (key: string) => tokenKeyRing({ TOKEN_ENCRYPTION_KEY: key }, randomBytes(32));

  it('seeds the OAuth client (secret masked, out of backups), and re-seals a token of a previous key with the current one', async () => {
    await withStack(
      {
        google: true,
        env: ({ google }) => ({
          GOOGLE_CLIENT_ID: google!.info.client.id,
          GOOGLE_CLIENT_SECRET: google!.info.client.secret,
          TOKEN_ENCRYPTION_KEY: NEW_KEY,
          TOKEN_PREVIOUS_KEYS: OLD_KEY,
        }),
      },
      async ({ t, admin, google }) => {
        expect((await googleStatus(admin)).clientConfigured).toBe(true);
        const settings = (await admin.get(apiPaths.adminSettings).expect(200)).body;
        expect([settings.googleOAuthClientId, settings.googleOAuthClientSecret]).toEqual([
          google.info.client.id,
          SECRET_MASK,
        ]);
        const backup = (await admin.get(apiPaths.export).expect(200)).body;
        expect(backup.settings.googleOAuthClientId).toBe(google.info.client.id);
        expect('googleOAuthClientSecret' in backup.settings).toBe(false);
        // No channel set yet: Connect says where to set it, before sending anyone to Google.
        const res = await admin.post(apiPaths.googleAccountConnect).send({ revenue: false });
        expect([res.status, res.body.message]).toEqual([
          400,
          expect.stringMatching(/^channel: No YouTube channel is set yet/),
        ]);

        await t.app.get(SettingsService).set('channelId', google.info.owner.channelId);
        await connectGoogle(admin, google);
        const accounts = t.app.get(GoogleAccountService);
        const token = (await accounts.find())!.refreshToken!;
        const sealedWith = async () =>
          String(
            (await t.dataSource.query('SELECT refreshTokenSealed FROM google_account'))[0].refreshTokenSealed,
          ).split('.')[1];
        expect(await sealedWith()).toBe(ringOf(NEW_KEY).current.id);
        // As an earlier start with OLD_KEY left it: the next read seals it again with NEW_KEY.
        const old = sealToken(token, ringOf(OLD_KEY), REFRESH_TOKEN_PURPOSE);
        await t.dataSource.query('UPDATE google_account SET refreshTokenSealed = ?', [old]);
        expect(await sealedWith()).toBe(ringOf(OLD_KEY).current.id);
        expect((await googleStatus(admin)).state).toBe('connected');
        expect(await sealedWith()).toBe(ringOf(NEW_KEY).current.id);
        await expect(accounts.access()).resolves.toMatchObject({ channelId: google.info.owner.channelId });
        // A key no longer known (dropped from the previous keys): Reconnect needed, saying why.
        const lost = sealToken(token, ringOf(randomBytes(32).toString('hex')), REFRESH_TOKEN_PURPOSE);
        await t.dataSource.query('UPDATE google_account SET refreshTokenSealed = ?', [lost]);
        accounts.forgetAccess();
        await expect(accounts.access()).rejects.toMatchObject({ reason: 'reconnect-needed' });
        expect((await googleStatus(admin)).problem).toMatch(/^The stored access cannot be read/);
      },
    );
  });
});
