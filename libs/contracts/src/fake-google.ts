/**
 * The fake Google of tools/fake-google (OAuth 2.0, channels.list?mine=true, YouTube Analytics reports.query), as its
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
  /** Registered redirect URIs; empty: any is accepted at the authorization endpoint. */
  redirectUris: string[];
}
