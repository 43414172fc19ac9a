/**
 * The fake Google of tools/fake-google (OAuth 2.0, channels.list?mine=true, captions.list and captions.download,
 * YouTube Analytics reports.query), as its
 * tests see it: the line its CLI prints and its control API (`/__fake/…`). One declaration for the server (tools)
 * and its clients in the API's tests, which may not import tools code. Types and the fake's OAuth client only; not part of the product's own
 * API (`@app/contracts/fake-google`).
 */

/** The one OAuth client the fake knows (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET of a site that uses it). */
export const FAKE_GOOGLE_CLIENT = {
  id: '123456789012-fakegoogleclient0123456789abcdef.apps.googleusercontent.com',
  secret: 'GOCSPX-fake-google-client-secret',
} as const;

/** A video of the owner's channel, as the fake's analytics know it. */
export interface FakeGoogleVideo {
  id: string;
  /** ISO 8601: no views before it. */
  publishedAt: string;
}

/** A Google account on the fake's consent page, and the YouTube channel it manages (none: `channelId` null). */
export interface FakeGoogleAccount {
  email: string;
  name: string;
  channelId: string | null;
  channelTitle: string;
  /** `@handle`, as `snippet.customUrl`. */
  handle: string;
  /** In the YouTube Partner Programme: revenue metrics are real; outside it they are all 0. */
  partner: boolean;
}

/** The owner's account and channel: `POST /__fake/owner` changes any of these. */
export interface FakeGoogleOwner extends FakeGoogleAccount {
  videos: FakeGoogleVideo[];
  /** Hosts linking to the channel's videos: `insightTrafficSourceDetail` of `EXT_URL` traffic. */
  externalSites: string[];
}

export type FakeGoogleOwnerPatch = Partial<Omit<FakeGoogleOwner, 'email'>>;

/** The one JSON line `tools/fake-google/server.ts --json` prints. */
export interface FakeGoogleStartedLine {
  url: string;
  controlUrl: string;
  /** GOOGLE_BASE_URL: Google's `https://<host>/<path>` is served at `<baseUrl>/<host>/<path>`. */
  baseUrl: string;
  /** The one OAuth client it knows. */
  client: { id: string; secret: string };
  owner: FakeGoogleOwner;
  /** A second account whose channel is another one (the wrong-account case). */
  other: FakeGoogleAccount;
}

/** One account's grant to the client: the scopes it holds so far (incremental authorization adds to them). */
export interface FakeGoogleGrant {
  email: string;
  scopes: string[];
  /** Refresh tokens issued for it that still work. */
  refreshTokens: number;
}

/** `GET /__fake/state`. */
export interface FakeGoogleState {
  grants: FakeGoogleGrant[];
  /** Calls of the revoke endpoint that revoked something. */
  revocations: number;
  /** reports.query calls answered (errors included) since the last reset. */
  analyticsQueries: number;
  /** The day the analytics treat as today (UTC): days from the day before have no data yet. */
  today: string;
  /**
   * YouTube Data API quota units charged since the last reset, as YouTube charges them: channels.list 1,
   * captions.list 50, captions.download 200, whatever the answer (a call without a valid token is no one's).
   */
  dataUnits: number;
  /** Of them, the units charged on `today` (the `quota {dataUnits}` limit applies to these). */
  dataUnitsToday: number;
  /** Registered redirect URIs; empty: any is accepted at the authorization endpoint. */
  redirectUris: string[];
}

/** The kinds of caption track YouTube lists (`snippet.trackKind`). */
export type FakeCaptionTrackKind = 'standard' | 'asr' | 'forced';

/** `snippet.status` of a caption track; `failed` ones carry a `failureReason`. */
export type FakeCaptionStatus = 'serving' | 'syncing' | 'failed';

/** A timed line of a caption track (seconds). */
export interface FakeCaptionCue {
  start: number;
  end: number;
  text: string;
}

/**
 * A caption track of a video on the fake YouTube: what captions.list shows of it and what captions.download
 * answers. `GET /__fake/captions?videoId=` lists a video's; `POST /__fake/captions` replaces them.
 */
export interface FakeCaptionTrack {
  id: string;
  videoId: string;
  /** BCP 47, as YouTube gives it (`en`, `pt-BR`, `zh-Hans`). */
  language: string;
  trackKind: FakeCaptionTrackKind;
  /** The track's name; YouTube's automatic tracks have an empty one. */
  name: string;
  isDraft: boolean;
  status: FakeCaptionStatus;
  /** Added by another account (a community contribution): the owner may not download it (403 forbidden). */
  contributed: boolean;
  /** ISO 8601 (`snippet.lastUpdated`). */
  lastUpdated: string;
  /** Bumped by `POST /__fake/captions/update`: the cues' words change with it. */
  revision: number;
  /** The cues; the fake writes them from the seed when not given. */
  cues?: FakeCaptionCue[];
}

/** `POST /__fake/captions`: a video's tracks replaced (ids, dates and flags the fake fills in when left out). */
export interface FakeCaptionTracksPatch {
  videoId: string;
  tracks: (Partial<Omit<FakeCaptionTrack, 'videoId'>> & Pick<FakeCaptionTrack, 'language' | 'trackKind'>)[];
}
