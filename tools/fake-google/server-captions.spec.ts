import { GOOGLE_SCOPES } from '@app/contracts/google-account';
import { dayNumber, isoDay } from './analytics-data';
import { type Answer, BASE_SCOPES, TODAY, useFakeGoogle } from './test-client';

/** The fake YouTube Data API's captions: captions.list and captions.download as YouTube answers them. */
describe('fake Google', () => {
  const google = useFakeGoogle();
  const { at, control, connected, api } = google;

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
    const video = () => google.fake.owner().videos.at(-1)!.id;
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
      const { tracks } = (await (await fetch(`${google.fake.controlUrl}/captions`)).json()) as Answer;
      const kinds = (key: string) => new Set(tracks.map((t: Answer) => t[key]));
      expect(kinds('trackKind')).toEqual(new Set(['asr', 'standard']));
      expect(kinds('language').size).toBeGreaterThanOrEqual(4);
      expect(tracks.filter((t: Answer) => t.trackKind === 'asr').length).toBeGreaterThan(18);
      expect(tracks.some((t: Answer) => t.isDraft)).toBe(true);
      expect(tracks.some((t: Answer) => t.contributed)).toBe(true);
      // The same on every run.
      await fetch(`${google.fake.controlUrl}/reset`, { method: 'POST' });
      expect(((await (await fetch(`${google.fake.controlUrl}/captions`)).json()) as Answer).tracks).toEqual(
        tracks,
      );
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
      expect(await google.state()).toMatchObject({ dataUnits: 450, dataUnitsToday: 450 });
      await control('quota', { dataUnits: 480 });
      const spent = await list(access_token, video());
      expect([spent.status, spent.body.error.errors[0].reason]).toEqual([403, 'quotaExceeded']);
      await control('today', { today: isoDay(dayNumber(TODAY) + 1) });
      expect((await list(access_token, video())).status).toBe(200);
      expect(await google.state()).toMatchObject({ dataUnits: 550, dataUnitsToday: 50 });
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
