import { createHash, randomBytes } from 'node:crypto';
import { GOOGLE_SCOPES } from '@app/contracts/google-account';
import { FAKE_CLIENT } from './accounts';
import { dayNumber, isoDay } from './analytics-data';
import { type RunningFakeGoogle, startFakeGoogle } from './server';

// Answers are checked with toEqual / toMatchObject; their static types add nothing here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = any;

const TODAY = '2026-11-24';
const REDIRECT = 'http://127.0.0.1:9/api/admin/google-account/callback';
const BASE_SCOPES = [GOOGLE_SCOPES.analytics, GOOGLE_SCOPES.youtube];

describe('fake Google', () => {
  let fake: RunningFakeGoogle;
  const at = (path: string) => `${fake.baseUrl}${path}`;

  beforeAll(async () => {
    fake = await startFakeGoogle({ today: TODAY });
  });
  afterAll(() => fake.close());
  beforeEach(() => fetch(`${fake.controlUrl}/reset`, { method: 'POST' }));

  const control = (path: string, body: unknown = {}) =>
    fetch(`${fake.controlUrl}/${path}`, { method: 'POST', body: JSON.stringify(body) });

  interface Consent {
    scopes?: string[];
    includeGranted?: boolean;
    account?: string;
    decision?: 'allow' | 'deny';
    untick?: string[];
    verifier?: string | null;
    state?: string;
  }

  /** The browser's part: the consent page, then its form; resolves with where Google sends the browser back. */
  async function consent(options: Consent = {}): Promise<{ back: URL; verifier: string }> {
    const verifier = options.verifier ?? randomBytes(32).toString('base64url');
    const auth = new URL(at('/accounts.google.com/o/oauth2/v2/auth'));
    const params: Record<string, string> = {
      client_id: FAKE_CLIENT.id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: (options.scopes ?? BASE_SCOPES).join(' '),
      state: options.state ?? 'state-1',
      access_type: 'offline',
      prompt: 'consent',
      ...(options.includeGranted ? { include_granted_scopes: 'true' } : {}),
      ...(options.verifier === null
        ? {}
        : {
            code_challenge: createHash('sha256').update(verifier).digest('base64url'),
            code_challenge_method: 'S256',
          }),
    };
    for (const [key, value] of Object.entries(params)) auth.searchParams.set(key, value);
    const page = await (await fetch(auth)).text();
    const requestId = /name="request" value="([^"]+)"/.exec(page)![1];
    const asked = [...page.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1]);
    const form = new URLSearchParams({
      request: requestId,
      account: options.account ?? fake.owner().email,
      decision: options.decision ?? 'allow',
    });
    for (const scope of asked.filter((s) => !options.untick?.includes(s))) form.append('scope', scope);
    const res = await fetch(at('/accounts.google.com/o/oauth2/v2/auth/consent'), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    return { back: new URL(res.headers.get('location')!), verifier };
  }

  const token = async (fields: Record<string, string>): Promise<{ status: number; body: Answer }> => {
    const res = await fetch(at('/oauth2.googleapis.com/token'), {
      method: 'POST',
      body: new URLSearchParams({ client_id: FAKE_CLIENT.id, client_secret: FAKE_CLIENT.secret, ...fields }),
    });
    return { status: res.status, body: await res.json() };
  };

  const exchange = (back: URL, verifier: string, redirect = REDIRECT) =>
    token({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: redirect,
      code_verifier: verifier,
    });

  async function connected(options: Consent = {}): Promise<Answer> {
    const { back, verifier } = await consent(options);
    const { status, body } = await exchange(back, verifier);
    expect(status).toBe(200);
    return body;
  }

  const api = async (path: string, accessToken: string): Promise<{ status: number; body: Answer }> => {
    const res = await fetch(at(path), { headers: { Authorization: `Bearer ${accessToken}` } });
    return { status: res.status, body: await res.json() };
  };

  describe('OAuth 2.0', () => {
    it('redirects back with state, code and the granted scopes, then exchanges the code once with PKCE', async () => {
      const { back, verifier } = await consent();
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('state')).toBe('state-1');
      expect(back.searchParams.get('scope')!.split(' ').sort()).toEqual([...BASE_SCOPES].sort());
      const first = await exchange(back, verifier);
      expect(first).toMatchObject({
        status: 200,
        body: { expires_in: 3599, token_type: 'Bearer', refresh_token: expect.stringMatching(/^1\/\//) },
      });
      expect(first.body.access_token).toMatch(/^ya29\./);
      expect(await exchange(back, verifier)).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Bad Request' },
      });
    });

    it('checks the PKCE verifier and the exact redirect URI', async () => {
      const missing = await consent();
      const noVerifier = await token({
        grant_type: 'authorization_code',
        code: missing.back.searchParams.get('code')!,
        redirect_uri: REDIRECT,
      });
      expect(noVerifier.body).toEqual({
        error: 'invalid_grant',
        error_description: 'Missing code verifier.',
      });
      const wrong = await consent();
      expect((await exchange(wrong.back, 'not-the-verifier')).body.error_description).toBe(
        'Invalid code verifier.',
      );
      const moved = await consent();
      expect(await exchange(moved.back, moved.verifier, `${REDIRECT}/`)).toEqual({
        status: 400,
        body: { error: 'redirect_uri_mismatch', error_description: 'Bad Request' },
      });
    });

    it('answers access_denied with the state when the user denies, or unticks every scope', async () => {
      for (const options of [{ decision: 'deny' as const }, { untick: BASE_SCOPES }]) {
        const { back } = await consent({ ...options, state: 'st' });
        expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'st' });
      }
    });

    it('shows an error page, never a redirect, for an unknown client or an unregistered redirect URI', async () => {
      const page = (query: Record<string, string>) =>
        fetch(at(`/accounts.google.com/o/oauth2/v2/auth?${new URLSearchParams(query)}`), {
          redirect: 'manual',
        });
      const base = {
        client_id: FAKE_CLIENT.id,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: BASE_SCOPES[0],
      };
      const client = await page({ ...base, client_id: 'nope.apps.googleusercontent.com' });
      expect([client.status, await client.text()]).toEqual([401, expect.stringContaining('invalid_client')]);
      await control('redirect-uris', { uris: ['https://example.com/callback'] });
      const mismatch = await page(base);
      expect([mismatch.status, await mismatch.text()]).toEqual([
        400,
        expect.stringContaining('redirect_uri_mismatch'),
      ]);
      const scope = await page({
        ...base,
        redirect_uri: 'https://example.com/callback',
        scope: 'https://evil/scope',
      });
      expect([scope.status, await scope.text()]).toEqual([400, expect.stringContaining('invalid_scope')]);
    });

    it('grows the granted scopes with include_granted_scopes (incremental authorization)', async () => {
      await connected();
      const more = await connected({ scopes: [GOOGLE_SCOPES.revenue], includeGranted: true });
      expect(more.scope.split(' ').sort()).toEqual([...BASE_SCOPES, GOOGLE_SCOPES.revenue].sort());
      const only = await connected({ scopes: [GOOGLE_SCOPES.revenue] });
      expect(only.scope).toBe(GOOGLE_SCOPES.revenue);
      const state: Answer = await (await fetch(`${fake.controlUrl}/state`)).json();
      expect(state.grants[0].scopes).toHaveLength(3);
    });

    it('refreshes until the grant is revoked, then answers invalid_grant; the revoke endpoint revokes the whole grant', async () => {
      const first = await connected();
      const refresh = () => token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      const fresh = await refresh();
      expect(fresh).toMatchObject({ status: 200, body: { expires_in: 3599, token_type: 'Bearer' } });
      expect(fresh.body.refresh_token).toBeUndefined();
      const revoke = (value: string) =>
        fetch(at(`/oauth2.googleapis.com/revoke?token=${encodeURIComponent(value)}`), { method: 'POST' });
      expect((await revoke(fresh.body.access_token)).status).toBe(200);
      expect(await refresh()).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
      });
      const again = await revoke(first.refresh_token);
      expect([again.status, await again.json()]).toEqual([
        400,
        { error: 'invalid_token', error_description: 'Token expired or revoked' },
      ]);
      const second = await connected();
      await control('grants/revoke');
      expect((await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).status).toBe(
        400,
      );
    });

    it('refuses a wrong client secret as Google does', async () => {
      const res = await token({ grant_type: 'refresh_token', refresh_token: 'x', client_secret: 'wrong' });
      expect(res).toEqual({
        status: 401,
        body: { error: 'invalid_client', error_description: 'Unauthorized' },
      });
    });
  });

  describe('channels.list?mine=true', () => {
    const mine = '/www.googleapis.com/youtube/v3/channels?part=snippet&mine=true';

    it("answers the chosen account's own channel", async () => {
      const owner = await connected();
      const res = await api(mine, owner.access_token);
      expect(res.body).toMatchObject({
        kind: 'youtube#channelListResponse',
        pageInfo: { totalResults: 1 },
        items: [{ id: fake.owner().channelId, snippet: { title: fake.owner().channelTitle } }],
      });
      const other = await connected({ account: 'someone.else@fake-google.test' });
      const theirs = await api(mine, other.access_token);
      expect(theirs.body.items[0].id).not.toBe(fake.owner().channelId);
    });

    it('answers 401 without a valid token and 403 insufficientPermissions without youtube.readonly', async () => {
      const none = await api(mine, 'ya29.unknown');
      expect([none.status, none.body.error.errors[0].reason]).toEqual([401, 'authError']);
      const narrow = await connected({ untick: [GOOGLE_SCOPES.youtube] });
      const refused = await api(mine, narrow.access_token);
      expect([refused.status, refused.body.error.errors[0].reason]).toEqual([403, 'insufficientPermissions']);
      await control('tokens/expire');
      expect((await api(mine, narrow.access_token)).status).toBe(401);
    });
  });

  describe('reports.query', () => {
    const report = (accessToken: string, query: Record<string, string>) =>
      api(
        `/youtubeanalytics.googleapis.com/v2/reports?${new URLSearchParams({ ids: 'channel==MINE', ...query })}`,
        accessToken,
      );
    const lastDays = (n: number) => ({
      startDate: isoDay(dayNumber(TODAY) - n),
      endDate: TODAY,
    });

    it("answers a day report in YouTube's shape, the same on every call", async () => {
      const { access_token } = await connected({ scopes: [...BASE_SCOPES, GOOGLE_SCOPES.revenue] });
      const query = {
        ...lastDays(60),
        metrics: 'views,averageViewPercentage,estimatedRevenue',
        dimensions: 'day',
      };
      const first = await report(access_token, query);
      expect(first.body.kind).toBe('youtubeAnalytics#resultTable');
      expect(first.body.columnHeaders).toEqual([
        { name: 'day', columnType: 'DIMENSION', dataType: 'STRING' },
        { name: 'views', columnType: 'METRIC', dataType: 'INTEGER' },
        { name: 'averageViewPercentage', columnType: 'METRIC', dataType: 'FLOAT' },
        { name: 'estimatedRevenue', columnType: 'METRIC', dataType: 'CURRENCY' },
      ]);
      expect(first.body.rows[0]).toEqual([
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        expect.any(Number),
        expect.any(Number),
        expect.any(Number),
      ]);
      expect((await report(access_token, query)).body).toEqual(first.body);
      // Yesterday and today have no data yet, and some older days none at all: fewer rows than days.
      const days = first.body.rows.map((row: Answer[]) => row[0]);
      expect(days).not.toContain(TODAY);
      expect(days).not.toContain(isoDay(dayNumber(TODAY) - 1));
      expect(days.length).toBeLessThan(59);
    });

    it('revises the recent days: the same day reads higher a few days later', async () => {
      const { access_token } = await connected();
      const day = isoDay(dayNumber(TODAY) - 2);
      const views = async () =>
        (await report(access_token, { startDate: day, endDate: day, metrics: 'views' })).body
          .rows?.[0]?.[0] ?? 0;
      const early = await views();
      await control('today', { today: isoDay(dayNumber(TODAY) + 5) });
      expect(await views()).toBeGreaterThan(early);
    });

    it("gives a small channel its subscribers, comments and shares: a channel's row is not a sum of its videos' rounded rows", async () => {
      // Four videos a year old: about 100 views a day in all, 25 a video.
      const old = (i: number) => ({
        id: `oldvideo${i}xx`,
        publishedAt: `${isoDay(dayNumber(TODAY) - 365 - i)}T12:00:00Z`,
      });
      await control('owner', { videos: [0, 1, 2, 3].map(old) });
      const { access_token } = await connected();
      const metrics = 'views,subscribersGained,subscribersLost,comments,shares';
      const month = { ...lastDays(32), metrics };
      const days = (await report(access_token, { ...month, dimensions: 'day' })).body.rows as number[][];
      const sum = (rows: number[][], column: number) => rows.reduce((total, row) => total + row[column], 0);
      const views = sum(days, 1);
      expect(views).toBeGreaterThan(2000);
      expect(views).toBeLessThan(6000);
      // Rates of about 0.4 %, 0.3 % and 0.2 % of the views over the month, though about 0.1 a video a day.
      expect(sum(days, 2)).toBeGreaterThan(views * 0.002);
      expect(sum(days, 2)).toBeLessThan(views * 0.006);
      expect(sum(days, 3)).toBeLessThanOrEqual(sum(days, 2));
      expect(sum(days, 4)).toBeGreaterThan(views * 0.0015);
      expect(sum(days, 5)).toBeGreaterThan(views * 0.001);
      // The month's own row is rounded once too: about the sum of its days.
      const [total] = (await report(access_token, month)).body.rows as number[][];
      expect(total[0]).toBe(views);
      expect(Math.abs(total[1] - sum(days, 2))).toBeLessThanOrEqual(3);
      // A video's day is small, mostly 0; the four of them do not make the channel's day.
      const day = isoDay(dayNumber(TODAY) - 10);
      const videos = (
        await report(access_token, {
          startDate: day,
          endDate: day,
          metrics,
          dimensions: 'video',
          sort: '-views',
          maxResults: '10',
        })
      ).body.rows as (string | number)[][];
      expect(videos).toHaveLength(4);
      for (const row of videos) expect(row[2]).toBeLessThanOrEqual(1);
      // Every figure is fixed by the seed.
      expect((await report(access_token, { ...month, dimensions: 'day' })).body.rows).toEqual(days);
    });

    it('counts unknown countries as ZZ and answers no rows at all for a range without data', async () => {
      const { access_token } = await connected();
      const countries = await report(access_token, {
        ...lastDays(30),
        metrics: 'views',
        dimensions: 'country',
        sort: '-views',
      });
      expect(countries.body.rows.map((row: Answer[]) => row[0])).toContain('ZZ');
      const empty = await report(access_token, { startDate: TODAY, endDate: TODAY, metrics: 'views' });
      expect(empty.body).toEqual({
        kind: 'youtubeAnalytics#resultTable',
        columnHeaders: [{ name: 'views', columnType: 'METRIC', dataType: 'INTEGER' }],
      });
    });

    it('refuses revenue without the monetary scope (403 insufficientPermissions) and reads 0 outside the partner programme', async () => {
      const plain = await connected();
      const refused = await report(plain.access_token, {
        ...lastDays(10),
        metrics: 'views,estimatedRevenue',
      });
      expect([refused.status, refused.body.error.errors[0].reason]).toEqual([403, 'insufficientPermissions']);
      await control('owner', { partner: false });
      const granted = await connected({ scopes: [GOOGLE_SCOPES.revenue], includeGranted: true });
      const zero = await report(granted.access_token, {
        ...lastDays(10),
        metrics: 'views,estimatedRevenue,cpm',
      });
      expect(zero.body.rows[0]).toEqual([expect.any(Number), 0, 0]);
      expect(zero.body.rows[0][0]).toBeGreaterThan(0);
    });

    it('answers 400 for what YouTube does not offer, and unknown names', async () => {
      const { access_token } = await connected();
      const unsupported = await report(access_token, {
        ...lastDays(10),
        metrics: 'views',
        dimensions: 'video,day',
      });
      expect([unsupported.status, unsupported.body.error.message]).toEqual([
        400,
        expect.stringMatching(/^The query is not supported/),
      ]);
      const noSort = await report(access_token, { ...lastDays(10), metrics: 'views', dimensions: 'video' });
      expect(noSort.status).toBe(400);
      const top = await report(access_token, {
        ...lastDays(10),
        metrics: 'views',
        dimensions: 'video',
        sort: '-views',
        maxResults: '5',
      });
      expect(top.body.rows).toHaveLength(5);
      const unknown = await report(access_token, { ...lastDays(10), metrics: 'viewz' });
      expect(unknown.body.error.message).toBe(
        'Unknown identifier (viewz) given in field parameters.metrics.',
      );
      const missing = await report(access_token, { metrics: 'views' });
      expect([missing.status, missing.body.error.errors[0].reason]).toEqual([400, 'required']);
    });

    it('answers the retention curve, the audience and the sites that link to the channel', async () => {
      const { access_token } = await connected();
      const video = fake.owner().videos[0].id;
      const curve = await report(access_token, {
        ...lastDays(365),
        metrics: 'audienceWatchRatio,relativeRetentionPerformance',
        dimensions: 'elapsedVideoTimeRatio',
        filters: `video==${video}`,
      });
      expect(curve.body.rows).toHaveLength(100);
      expect(curve.body.rows[0][0]).toBe(0.01);
      const audience = await report(access_token, {
        ...lastDays(30),
        metrics: 'viewerPercentage',
        dimensions: 'ageGroup,gender',
      });
      const total = audience.body.rows.reduce((sum: number, row: Answer[]) => sum + row[2], 0);
      expect(total).toBeCloseTo(100, 0);
      const sites = await report(access_token, {
        ...lastDays(30),
        metrics: 'views',
        dimensions: 'insightTrafficSourceDetail',
        filters: 'insightTrafficSourceType==EXT_URL',
        sort: '-views',
        maxResults: '10',
      });
      expect(sites.body.rows.map((row: Answer[]) => row[0])).toContain('localhost');
    });

    it('answers 403 quotaExceeded once the quota is spent', async () => {
      const { access_token } = await connected();
      await control('quota', { analyticsQueries: 1 });
      expect((await report(access_token, { ...lastDays(5), metrics: 'views' })).status).toBe(200);
      const spent = await report(access_token, { ...lastDays(5), metrics: 'views' });
      expect([spent.status, spent.body.error.errors[0].reason]).toEqual([403, 'quotaExceeded']);
      const state: Answer = await (await fetch(`${fake.controlUrl}/state`)).json();
      expect(state.analyticsQueries).toBe(2);
    });
  });

  describe('captions.list and captions.download', () => {
    const CAPTION_SCOPES = [...BASE_SCOPES, GOOGLE_SCOPES.captions];
    const list = (token: string, videoId: string, extra = '') =>
      api(`/www.googleapis.com/youtube/v3/captions?part=snippet&videoId=${videoId}${extra}`, token);
    const download = async (token: string, id: string, tfmt = 'vtt') => {
      const res = await fetch(at(`/www.googleapis.com/youtube/v3/captions/${id}?tfmt=${tfmt}`), {
        headers: { Authorization: `Bearer ${token}` },
      });
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const reason = (text: string) => JSON.parse(text).error.errors[0].reason;
    const video = () => fake.owner().videos.at(-1)!.id;
    /** One video with every kind of track a channel meets. */
    const everyKind = async () => {
      const res = await control('captions', {
        videoId: video(),
        tracks: [
          { language: 'en', trackKind: 'asr', lastUpdated: '2026-11-20T10:00:00.123Z' },
          { language: 'en', trackKind: 'standard', name: 'English' },
          { language: 'ja', trackKind: 'standard', name: '日本語' },
          { language: 'de', trackKind: 'standard', name: 'Deutsch', isDraft: true },
          { language: 'fr', trackKind: 'standard', name: 'Français', contributed: true },
          { language: 'pt-BR', trackKind: 'standard', name: 'Português', status: 'failed' },
          { language: 'en', trackKind: 'forced', name: 'Signs' },
        ],
      });
      return ((await res.json()) as Answer).tracks as { id: string; language: string; lastUpdated: string }[];
    };

    it("lists a video's tracks in YouTube's shape: automatic and written, several languages, drafts, failed ones", async () => {
      const tracks = await everyKind();
      const { access_token } = await connected({ scopes: CAPTION_SCOPES });
      const res = await list(access_token, video());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ kind: 'youtube#captionListResponse', etag: expect.any(String) });
      expect(res.body.items).toHaveLength(7);
      expect(res.body.items[0]).toEqual({
        kind: 'youtube#caption',
        etag: expect.any(String),
        id: tracks[0].id,
        snippet: {
          videoId: video(),
          lastUpdated: '2026-11-20T10:00:00.123Z',
          trackKind: 'asr',
          language: 'en',
          name: '',
          audioTrackType: 'unknown',
          isCC: false,
          isLarge: false,
          isEasyReader: false,
          isDraft: false,
          isAutoSynced: false,
          status: 'serving',
        },
      });
      const failed = res.body.items.find((item: Answer) => item.snippet.status === 'failed');
      expect(failed.snippet).toMatchObject({ language: 'pt-BR', failureReason: 'processingFailed' });
      expect(res.body.items.filter((item: Answer) => 'failureReason' in item.snippet)).toHaveLength(1);
      expect(res.body.items.find((item: Answer) => item.snippet.isDraft).snippet.language).toBe('de');
      const one = await list(access_token, video(), `&id=${tracks[2].id}`);
      expect(one.body.items.map((item: Answer) => item.snippet.language)).toEqual(['ja']);
      const missing = await list(access_token, video(), '&id=nope');
      expect([missing.status, missing.body.error.errors[0].reason]).toEqual([404, 'captionNotFound']);
      const unknown = await list(access_token, 'noSuchVideo');
      expect([unknown.status, unknown.body.error.errors[0].reason]).toEqual([404, 'videoNotFound']);
    });

    it('gives most videos an automatic track and some written ones in several languages, drafts and contributions', async () => {
      const { tracks } = (await (await fetch(`${fake.controlUrl}/captions`)).json()) as Answer;
      const kinds = (key: string) => new Set(tracks.map((t: Answer) => t[key]));
      expect(kinds('trackKind')).toEqual(new Set(['asr', 'standard']));
      expect(kinds('language').size).toBeGreaterThanOrEqual(4);
      expect(tracks.filter((t: Answer) => t.trackKind === 'asr').length).toBeGreaterThan(18);
      expect(tracks.some((t: Answer) => t.isDraft)).toBe(true);
      expect(tracks.some((t: Answer) => t.contributed)).toBe(true);
      // The same on every run.
      await fetch(`${fake.controlUrl}/reset`, { method: 'POST' });
      expect(((await (await fetch(`${fake.controlUrl}/captions`)).json()) as Answer).tracks).toEqual(tracks);
    });

    it("downloads a written track as WebVTT or SubRip, and an automatic one with YouTube's timing tags and rolling lines", async () => {
      const tracks = await everyKind();
      const { access_token } = await connected({ scopes: CAPTION_SCOPES });
      const written = await download(access_token, tracks[1].id);
      expect(written).toMatchObject({ status: 200, type: 'application/octet-stream' });
      expect(written.text).toMatch(
        /^WEBVTT\nKind: captions\nLanguage: en\n\n00:00:00\.000 --> 00:00:03\.000\n[A-Z]/,
      );
      expect(written.text).not.toContain('<c>');
      const asr = (await download(access_token, tracks[0].id)).text;
      expect(asr).toMatch(
        /^00:00:00\.000 --> 00:00:02\.990 align:start position:0%\n \n\w+<00:00:0\d\.\d{3}><c> \w+<\/c>/m,
      );
      // The finished line comes back alone for 10 ms, then again above the next one.
      const [, firstLine] = /00:00:02\.990 --> 00:00:03\.000 align:start position:0%\n(.+)\n \n/.exec(asr)!;
      expect(asr).toContain(`00:00:03.000 --> 00:00:05.990 align:start position:0%\n${firstLine}\n`);
      const srt = await download(access_token, tracks[2].id, 'srt');
      expect(srt.text).toMatch(/^1\n00:00:00,000 --> 00:00:03,000\n.+\n\n2\n/);
    });

    it('refuses as YouTube does: no scope, not the owner, a contributed or failed track, an unknown id', async () => {
      const tracks = await everyKind();
      const narrow = await connected();
      const noScope = await list(narrow.access_token, video());
      expect([noScope.status, noScope.body.error.errors[0].reason]).toEqual([403, 'insufficientPermissions']);
      expect((await download(narrow.access_token, tracks[0].id)).status).toBe(403);
      const { access_token } = await connected({ scopes: CAPTION_SCOPES });
      const contributed = await download(access_token, tracks[4].id);
      expect([contributed.status, reason(contributed.text)]).toEqual([403, 'forbidden']);
      expect(JSON.parse(contributed.text).error.message).toMatch(
        /^The permissions associated with the request are not sufficient to download the caption track/,
      );
      const failed = await download(access_token, tracks[5].id);
      expect([failed.status, reason(failed.text)]).toEqual([400, 'couldNotConvert']);
      const gone = await download(access_token, 'noSuchTrack');
      expect([gone.status, reason(gone.text)]).toEqual([404, 'captionNotFound']);
      // Someone else may list the owner's public video, not download its tracks.
      const other = await connected({ scopes: CAPTION_SCOPES, account: 'someone.else@fake-google.test' });
      expect((await list(other.access_token, video())).status).toBe(200);
      const theirs = await download(other.access_token, tracks[1].id);
      expect([theirs.status, reason(theirs.text)]).toEqual([403, 'forbidden']);
    });

    it('charges 50 units a list and 200 a download, and answers quotaExceeded past the day’s units', async () => {
      const tracks = await everyKind();
      const { access_token } = await connected({ scopes: CAPTION_SCOPES });
      await list(access_token, video());
      await download(access_token, tracks[0].id);
      await download(access_token, 'noSuchTrack');
      const state = async (): Promise<Answer> => (await fetch(`${fake.controlUrl}/state`)).json();
      expect(await state()).toMatchObject({ dataUnits: 450, dataUnitsToday: 450 });
      await control('quota', { dataUnits: 480 });
      const spent = await list(access_token, video());
      expect([spent.status, spent.body.error.errors[0].reason]).toEqual([403, 'quotaExceeded']);
      await control('today', { today: isoDay(dayNumber(TODAY) + 1) });
      expect((await list(access_token, video())).status).toBe(200);
      expect(await state()).toMatchObject({ dataUnits: 550, dataUnitsToday: 50 });
    });

    it('changes a track’s words and lastUpdated on update, and drops a deleted one', async () => {
      const tracks = await everyKind();
      const { access_token } = await connected({ scopes: CAPTION_SCOPES });
      const before = await download(access_token, tracks[1].id);
      await control('captions/update', { id: tracks[1].id });
      const listed = (await list(access_token, video())).body.items;
      expect(Date.parse(listed[1].snippet.lastUpdated)).toBeGreaterThan(Date.parse(tracks[1].lastUpdated));
      expect((await download(access_token, tracks[1].id)).text).not.toBe(before.text);
      await control('captions/delete', { id: tracks[1].id });
      expect((await list(access_token, video())).body.items).toHaveLength(6);
    });
  });
});
