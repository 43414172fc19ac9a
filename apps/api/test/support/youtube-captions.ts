import {
  apiPaths,
  YOUTUBE_CAPTION_UNITS,
  type YoutubeCaptionsStatus,
  type YoutubeCaptionsSwitchResult,
} from '@app/contracts';
import type { FakeCaptionTrack, FakeGoogleStartedLine, FakeGoogleState } from '@app/contracts/fake-google';
import type TestAgent from 'supertest/lib/agent';
import { YoutubeCaptionsScheduler } from '../../src/transcripts/youtube-captions-scheduler';
import type { FakeService } from './fake-services';
import { googleClientSettings, useStack } from './stack';
import type { TestApp } from './test-app';

/**
 * The Transcripts from YouTube suites' helpers (docs/integrations/google-account.md): the card's calls as the
 * admin, the tracks stored, and what the fake Google was asked.
 */

/** The parts of a suite's stack the helpers use, once it has started. */
export interface CaptionsStack {
  t: TestApp;
  admin: TestAgent;
  google?: FakeService<FakeGoogleStartedLine>;
}

/** What the automatic track of the video with every kind of track says. */
export const ASR_CUES = [
  { start: 0, end: 2.5, text: 'welcome back to the workshop' },
  { start: 2.5, end: 5, text: 'this is our r&d corner' },
  { start: 5, end: 8.25, text: 'measure twice and cut once' },
  { start: 8.25, end: 11, text: 'measure twice and cut once' },
];

/** The import suite's daily budget: its first run alone (8 videos, about 20 tracks) costs about 5,000 units. */
export const BUDGET = 20_000;

/** The import suite's stack, and what it set up before its tests. */
export interface CaptionsSuite extends Required<CaptionsStack> {
  /** The site's videos a round lists, newest first (what the sync stored). */
  site: string[];
  /** The newest video, given one track of every kind. */
  shown: string;
  shownTracks: FakeCaptionTrack[];
}

/**
 * The import suite's set-up (for its describe block, like useStack): a fake YouTube of 8 videos synced into the
 * site, a fake Google whose channel holds the same videos (its OAuth client saved, nothing connected), the daily
 * budget BUDGET, and the newest video given one track of every kind a channel meets.
 */
export function useCaptionsSuite(started: (suite: CaptionsSuite) => void): void {
  let stack: Required<CaptionsStack>;
  useStack(
    {
      youtube: { videos: 8, playlists: 1 },
      google: true,
      env: { YOUTUBE_CAPTIONS_DAILY_UNITS: String(BUDGET) },
      settings: ({ google }) => googleClientSettings(google!),
    },
    (s) => (stack = s),
  );
  beforeAll(async () => {
    const { t, admin, google } = stack;
    await admin.post('/api/sync/youtube').expect(200);
    const videos = (await t.dataSource.query(
      "SELECT id, publishedAt FROM video WHERE kind NOT IN ('upcoming', 'live') ORDER BY publishedAt DESC",
    )) as { id: string; publishedAt: string | Date }[];
    const site = videos.map((v) => v.id);
    // The fake Google's channel is the site's: its videos are those the sync stored.
    await google.control('POST', 'owner', {
      videos: videos.map((v) => ({ id: v.id, publishedAt: new Date(v.publishedAt).toISOString() })),
    });
    const shown = site[0];
    const shownTracks = (
      await google.control<{ tracks: FakeCaptionTrack[] }>('POST', 'captions', {
        videoId: shown,
        tracks: [
          { language: 'en', trackKind: 'asr', cues: ASR_CUES },
          { language: 'en', trackKind: 'standard', name: 'English' },
          { language: 'ja', trackKind: 'standard', name: '日本語' },
          { language: 'de', trackKind: 'standard', name: 'Deutsch', isDraft: true },
          { language: 'fr', trackKind: 'standard', name: 'Français', contributed: true },
          { language: 'pt-BR', trackKind: 'standard', name: 'Português', status: 'syncing' },
          { language: 'en', trackKind: 'forced', name: 'Signs' },
        ],
      })
    ).tracks;
    started({ ...stack, site, shown, shownTracks });
  });
}

/** A track read from YouTube, as the site stored it. */
export interface StoredRow {
  videoId: string;
  language: string;
  kind: string;
  youtubeTrackId: string;
  cueCount: number;
}

/** The card's calls as the admin, and the site's side (`stack()` is read at each call, once it has started). */
export function captionsCard(stack: () => CaptionsStack) {
  const scheduler = () => stack().t.app.get(YoutubeCaptionsScheduler);
  const status = async () =>
    (await stack().admin.get(apiPaths.youtubeCaptionsStatus).expect(200)).body as YoutubeCaptionsStatus;
  const turn = async (enabled: boolean) =>
    (await stack().admin.post(apiPaths.youtubeCaptionsSwitch).send({ enabled }).expect(200))
      .body as YoutubeCaptionsSwitchResult;
  /** Refresh, and the run it started (if any) waited for. */
  const refresh = async () => {
    const res = await stack().admin.post(apiPaths.youtubeCaptionsRefresh).expect(202);
    await scheduler().whenIdle();
    return res.body as { started: boolean };
  };
  const stored = async () =>
    (await stack().t.dataSource.query(
      "SELECT videoId, language, kind, youtubeTrackId, cueCount FROM video_transcript WHERE source = 'youtube' " +
        'ORDER BY videoId, language, kind',
    )) as StoredRow[];
  return { scheduler, status, turn, refresh, stored };
}

/** The fake Google's side: its state and tracks, and the captions calls it answered. */
export function fakeCaptions(google: () => FakeService<FakeGoogleStartedLine>) {
  const fakeState = () => google().control<FakeGoogleState>('GET', 'state');
  const fakeTracks = async () =>
    (await google().control<{ tracks: FakeCaptionTrack[] }>('GET', 'captions')).tracks;
  /** The captions calls the fake answered since `from` (an index into its request log). */
  const captionCalls = async (from = 0) => {
    const paths = (await google().requests()).slice(from).map((r) => new URL(r.path, 'http://fake'));
    return {
      lists: paths
        .filter((u) => u.pathname.endsWith('/youtube/v3/captions'))
        .map((u) => u.searchParams.get('videoId')!),
      downloads: paths
        .filter((u) => u.pathname.includes('/youtube/v3/captions/'))
        .map((u) => decodeURIComponent(u.pathname.split('/').pop()!)),
    };
  };
  const requestCount = async () => (await google().requests()).length;
  const unitsOf = ({ lists, downloads }: { lists: string[]; downloads: string[] }) =>
    lists.length * YOUTUBE_CAPTION_UNITS.list + downloads.length * YOUTUBE_CAPTION_UNITS.download;
  return { fakeState, fakeTracks, captionCalls, requestCount, unitsOf };
}
