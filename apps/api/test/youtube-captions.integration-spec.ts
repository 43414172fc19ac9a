import { apiPaths, GOOGLE_SCOPES, YOUTUBE_CAPTION_UNITS } from '@app/contracts';
import type { FakeCaptionTrack, FakeGoogleStartedLine } from '@app/contracts/fake-google';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { Clock } from '../src/common/clock';
import { GoogleAccountService } from '../src/google-account/google-account.service';
import { TranscriptStore } from '../src/transcripts/transcript-store.service';
import { quotaDay } from '../src/transcripts/youtube-captions-plan';
import { YoutubeCaptionsStatusService } from '../src/transcripts/youtube-captions-status';
import type { FakeService } from './support/fake-services';
import { connectGoogle, consentAt, followCallback } from './support/google-connect';
import type { TestApp } from './support/test-app';
import { ASR_CUES, BUDGET, captionsCard, fakeCaptions, useCaptionsSuite } from './support/youtube-captions';

/**
 * Transcripts from YouTube (docs/integrations/google-account.md) against the fake Google: the scope asked for,
 * the tracks stored and skipped, what a later run downloads again, the daily budget and Google's quota, the runs
 * after a sync and at night, and what turning it off or disconnecting deletes; the routes' guards and 400s.
 */

describe('Transcripts from YouTube', () => {
  let t: TestApp;
  let admin: TestAgent;
  let google: FakeService<FakeGoogleStartedLine>;
  let site: string[];
  let shown: string;
  let shownTracks: FakeCaptionTrack[];
  useCaptionsSuite((suite) => ({ t, admin, google, site, shown, shownTracks } = suite));
  const { scheduler, status, turn, refresh, stored } = captionsCard(() => ({ t, admin }));
  const { fakeState, fakeTracks, captionCalls, requestCount, unitsOf } = fakeCaptions(() => google);

  afterEach(() => jest.restoreAllMocks());

  describe('routes', () => {
    it('answers 401 to a visitor on every route', async () => {
      const visitor = request(t.server);
      for (const res of [
        await visitor.get(apiPaths.youtubeCaptionsStatus),
        await visitor.post(apiPaths.youtubeCaptionsSwitch).send({ enabled: true }),
        await visitor.post(apiPaths.youtubeCaptionsRefresh),
      ]) {
        expect([res.status, res.body.message]).toEqual([401, 'Authentication required']);
      }
    });

    it('refuses the switch and Refresh from another origin (CSRF)', async () => {
      const evil = { Origin: 'https://evil.example' };
      expect(
        (await admin.post(apiPaths.youtubeCaptionsSwitch).set(evil).send({ enabled: true })).status,
      ).toBe(403);
      expect((await admin.post(apiPaths.youtubeCaptionsRefresh).set(evil)).status).toBe(403);
    });

    it('answers 400 naming the field for a bad switch body, and changes nothing', async () => {
      for (const [body, message] of [
        [{}, 'enabled: is required'],
        [{ enabled: 'yes' }, 'enabled: must be true or false'],
        [{ enabled: true, scope: 'x' }, 'scope: is not allowed'],
      ] as const) {
        const res = await admin.post(apiPaths.youtubeCaptionsSwitch).send(body);
        expect([res.status, res.body.message]).toEqual([400, message]);
      }
      expect((await status()).enabled).toBe(false);
    });
  });

  it('is off by default: connected or not, nothing is asked of YouTube', async () => {
    expect(await status()).toMatchObject({
      enabled: false,
      connection: 'not-connected',
      scopeGranted: false,
      message: null,
      tracks: 0,
      units: { today: 0, dailyBudget: BUDGET },
      nextRunAt: null,
    });
    const card = await connectGoogle(admin, google);
    expect(card.scopes).not.toContain(GOOGLE_SCOPES.captions);
    await scheduler().whenIdle();
    expect(await refresh()).toEqual({ started: false, status: expect.anything() });
    expect((await captionCalls()).lists).toEqual([]);
  });

  it('turned on, asks Google for youtube.force-ssl alone; until it is granted the card says so and nothing is fetched', async () => {
    const { authorizationUrl, status: after } = await turn(true);
    const asked = new URL(authorizationUrl!);
    expect(asked.searchParams.get('scope')).toBe(GOOGLE_SCOPES.captions);
    expect(asked.searchParams.get('include_granted_scopes')).toBe('true');
    expect(after).toMatchObject({
      enabled: true,
      connection: 'connected',
      scopeGranted: false,
      message: expect.stringMatching(/^Google has not granted the permission to download captions/),
    });
    // The owner unticks it on Google's page (Google then answers access_denied): still not granted.
    await followCallback(
      admin,
      await consentAt(google, authorizationUrl!, { untick: [GOOGLE_SCOPES.captions] }),
    );
    expect(await refresh()).toMatchObject({ started: false, status: { scopeGranted: false } });
    // A nightly run finds it missing, says so, and asks YouTube nothing.
    scheduler().start('nightly');
    expect(await scheduler().whenIdle()).toMatchObject({ units: 0, trouble: { kind: 'scope' } });
    expect(await status()).toMatchObject({ lastError: { kind: 'scope' }, tracks: 0, units: { today: 0 } });
    expect((await captionCalls()).lists).toEqual([]);
  });

  it('once granted, stores the automatic and written tracks in several languages; drafts, unfinished, forced and refused tracks are skipped with their reason', async () => {
    const { authorizationUrl } = await turn(true);
    const before = await fakeState();
    const from = await requestCount();
    await followCallback(admin, await consentAt(google, authorizationUrl!));
    await scheduler().whenIdle();

    // Every published automatic or written track of every video, and nothing else.
    const expected = (await fakeTracks())
      .filter(
        (track) =>
          site.includes(track.videoId) &&
          ['asr', 'standard'].includes(track.trackKind) &&
          !track.isDraft &&
          track.status === 'serving' &&
          !track.contributed,
      )
      .map((track) => `${track.videoId} ${track.language} ${track.trackKind} ${track.id}`)
      .sort();
    const rows = await stored();
    expect(rows.map((r) => `${r.videoId} ${r.language} ${r.kind} ${r.youtubeTrackId}`).sort()).toEqual(
      expected,
    );
    expect(rows.filter((r) => r.videoId === shown).map((r) => [r.language, r.kind])).toEqual([
      ['en', 'asr'],
      ['en', 'standard'],
      ['ja', 'standard'],
    ]);
    for (const row of rows) expect(row.cueCount).toBeGreaterThan(0);

    // The automatic track's rolling lines and word timings are gone: each cue says what was said in its time.
    const transcript = (await t.app.get(TranscriptStore).tracks(shown)).find((tr) => tr.kind === 'asr')!;
    expect(transcript).toMatchObject({
      source: 'youtube',
      language: 'en',
      name: null,
      cueCount: ASR_CUES.length,
    });
    const cues = (await t.dataSource.query(
      'SELECT c.startMs, c.endMs, c.text FROM transcript_cue c JOIN video_transcript v ON v.id = c.transcriptId ' +
        "WHERE v.videoId = ? AND v.kind = 'asr' ORDER BY c.position",
      [shown],
    )) as { startMs: number; endMs: number; text: string }[];
    // A cue ends 10 ms early: YouTube's snapshot of the finished line takes the last 10 ms.
    expect(cues.map((c) => [Number(c.startMs), Number(c.endMs), c.text])).toEqual(
      ASR_CUES.map((c) => [c.start * 1000, c.end * 1000 - 10, c.text]),
    );

    const card = await status();
    expect(card).toMatchObject({
      enabled: true,
      scopeGranted: true,
      message: null,
      running: false,
      lastError: null,
      tracks: expected.length,
      videos: { checked: site.length, total: site.length },
      lastRunAt: expect.any(String),
      nextRunAt: expect.any(String),
    });
    const why = (language: string) =>
      card.skipped.find((s) => s.videoId === shown && s.language === language);
    expect(why('de')).toMatchObject({ reason: 'draft', name: 'Deutsch' });
    expect(why('pt-BR')).toMatchObject({ reason: 'not-serving', detail: 'syncing' });
    expect(why('fr')).toMatchObject({
      reason: 'forbidden',
      detail: expect.stringMatching(
        /^The permissions associated with the request are not sufficient to download/,
      ),
    });
    expect(card.skipped.find((s) => s.name === 'Signs')).toMatchObject({ reason: 'forced' });

    // One list per video, one download per new track (the refused one included); Google charged what was counted.
    const calls = await captionCalls(from);
    expect(calls.lists).toEqual(site);
    expect(calls.downloads).toHaveLength(expected.length + 1);
    expect(card.units.today).toBe(unitsOf(calls));
    const after = await fakeState();
    expect(after.dataUnits - before.dataUnits - 1).toBe(unitsOf(calls)); // and 1 for channels.list on connecting
  });

  it('a second run lists every video again and downloads nothing, not even the refused track', async () => {
    const from = await requestCount();
    const units = (await status()).units.today;
    expect(await refresh()).toMatchObject({ started: true });
    const calls = await captionCalls(from);
    expect(calls).toEqual({ lists: site, downloads: [] });
    expect((await status()).units.today).toBe(units + site.length * YOUTUBE_CAPTION_UNITS.list);
  });

  it('downloads a changed track again, deletes a track YouTube no longer lists, stores a new one', async () => {
    const [asr, en, ja] = shownTracks;
    const cuesOf = async (id: string) =>
      (
        await t.dataSource.query(
          'SELECT c.text FROM transcript_cue c JOIN video_transcript v ON v.id = c.transcriptId WHERE v.youtubeTrackId = ? ORDER BY c.position',
          [id],
        )
      ).map((c: { text: string }) => c.text);
    const before = await cuesOf(en.id);
    await google.control('POST', 'captions/update', { id: en.id });
    await google.control('POST', 'captions/delete', { id: ja.id });
    const other = site[1];
    const added = await google.control<{ tracks: FakeCaptionTrack[] }>('POST', 'captions', {
      videoId: other,
      tracks: [
        ...(await fakeTracks()).filter((tr) => tr.videoId === other),
        { language: 'es', trackKind: 'standard' },
      ],
    });
    const from = await requestCount();
    await refresh();
    const calls = await captionCalls(from);
    expect(calls.downloads.sort()).toEqual([en.id, added.tracks.at(-1)!.id].sort());
    expect(await cuesOf(en.id)).not.toEqual(before);
    expect(await cuesOf(asr.id)).not.toEqual([]);
    const mine = (await stored()).filter((r) => r.videoId === shown).map((r) => r.language + ' ' + r.kind);
    expect(mine).toEqual(['en asr', 'en standard']);
    expect((await stored()).some((r) => r.videoId === other && r.language === 'es')).toBe(true);
  });

  it('stops at the daily budget, and goes on where it stopped the next quota day, newest first', async () => {
    // Earlier runs of the day spent all but three lists' worth.
    const clock = t.app.get(Clock);
    const today = quotaDay(clock.now());
    await t.dataSource.query('UPDATE youtube_caption_state SET unitsDay = ?, units = ?', [
      today,
      BUDGET - 3 * YOUTUBE_CAPTION_UNITS.list - 10,
    ]);
    let from = await requestCount();
    await refresh();
    expect((await captionCalls(from)).lists).toEqual(site.slice(0, 3));
    const stopped = await status();
    expect(stopped).toMatchObject({
      lastError: { kind: 'budget', message: expect.stringMatching(/daily budget of 20,000 YouTube units/) },
      videos: { checked: 3, total: site.length },
      units: { today: BUDGET - 10 },
    });
    // Nothing more today, whatever starts it.
    from = await requestCount();
    await refresh();
    expect((await captionCalls(from)).lists).toEqual([]);

    // The next quota day (midnight Pacific Time).
    let next = clock.now();
    while (quotaDay(next) === today) next += 30 * 60_000;
    jest.spyOn(clock, 'now').mockReturnValue(next);
    from = await requestCount();
    scheduler().start('refresh');
    await scheduler().whenIdle();
    expect((await captionCalls(from)).lists).toEqual(site.slice(3));
    expect(await t.app.get(YoutubeCaptionsStatusService).status()).toMatchObject({
      lastError: null,
      videos: { checked: site.length, total: site.length },
      units: { today: (site.length - 3) * YOUTUBE_CAPTION_UNITS.list },
    });
  });

  it('stops when Google answers quotaExceeded, keeping what was read', async () => {
    const tracks = (await stored()).length;
    await google.control('POST', 'quota', {
      dataUnits: (await fakeState()).dataUnitsToday + 2 * YOUTUBE_CAPTION_UNITS.list,
    });
    try {
      const from = await requestCount();
      await refresh();
      // Two lists answered, the third refused.
      expect((await captionCalls(from)).lists).toEqual(site.slice(0, 3));
      expect(await status()).toMatchObject({
        lastError: { kind: 'quota', message: expect.stringContaining('quotaExceeded') },
        tracks,
      });
      // A sync's run waits for the next quota day rather than spend a refused call.
      const waiting = await requestCount();
      await admin.post('/api/sync/youtube').expect(200);
      await scheduler().whenIdle();
      expect((await captionCalls(waiting)).lists).toEqual([]);
    } finally {
      await google.control('POST', 'quota', {});
    }
    // The owner's Refresh tries anyway (the project's quota may have been raised), and goes on.
    await refresh();
    expect(await status()).toMatchObject({ lastError: null, videos: { checked: site.length } });
  });

  it('runs after each sync, and nightly once per UTC day', async () => {
    let from = await requestCount();
    await admin.post('/api/sync/youtube').expect(200);
    await scheduler().whenIdle();
    expect((await captionCalls(from)).lists.length).toBeGreaterThan(0);
    const clock = t.app.get(Clock);
    const day = new Date(clock.now()).toISOString().slice(0, 10);
    jest.spyOn(clock, 'now').mockReturnValue(Date.parse(`${day}T10:00:00Z`) + 86_400_000);
    from = await requestCount();
    await scheduler().tick();
    await scheduler().whenIdle();
    expect((await captionCalls(from)).lists.length).toBeGreaterThan(0);
    from = await requestCount();
    await scheduler().tick();
    await scheduler().whenIdle();
    expect((await captionCalls(from)).lists).toEqual([]);
  });

  it('keeps the tracks when Google refuses the grant (invalid_grant); the card says Reconnect needed', async () => {
    const tracks = (await stored()).length;
    await google.control('POST', 'grants/revoke', {});
    t.app.get(GoogleAccountService).forgetAccess();
    await refresh();
    expect(await status()).toMatchObject({
      connection: 'reconnect-needed',
      message: expect.stringMatching(/^Reconnect needed/),
      tracks,
    });
    await connectGoogle(admin, google);
    await scheduler().whenIdle();
    expect(await status()).toMatchObject({ connection: 'connected', scopeGranted: true, tracks });
  });

  it('turned off, deletes every track read from YouTube and asks nothing more; an uploaded transcript stays', async () => {
    await t.app
      .get(TranscriptStore)
      .replace(shown, { source: 'upload', language: 'en', kind: 'standard' }, [
        { start: 0, end: 1, text: 'Hi' },
      ]);
    const { status: off, authorizationUrl } = await turn(false);
    expect(authorizationUrl).toBeNull();
    expect(off).toMatchObject({ enabled: false, tracks: 0, nextRunAt: null, skippedCount: 0 });
    expect(await stored()).toEqual([]);
    expect((await t.app.get(TranscriptStore).tracks(shown)).map((tr) => tr.source)).toEqual(['upload']);
    const from = await requestCount();
    expect(await refresh()).toMatchObject({ started: false });
    await admin.post('/api/sync/youtube').expect(200);
    await scheduler().whenIdle();
    expect((await captionCalls(from)).lists).toEqual([]);
  });

  it('turned on again with the scope held, runs at once; disconnecting deletes what it read', async () => {
    const { authorizationUrl } = await turn(true);
    expect(authorizationUrl).toBeNull();
    await scheduler().whenIdle();
    expect((await stored()).length).toBeGreaterThan(0);
    await admin.delete(apiPaths.googleAccount).expect(200);
    expect(await stored()).toEqual([]);
    expect(await status()).toMatchObject({
      enabled: true,
      connection: 'not-connected',
      message: expect.stringMatching(/^Connect the Google account/),
      tracks: 0,
    });
  });
});
