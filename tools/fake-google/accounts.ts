/**
 * The fake Google's accounts, OAuth client and the scopes its consent page knows, all generated from the seed so
 * every run and machine has the same ones.
 */
import {
  FAKE_GOOGLE_CLIENT,
  type FakeGoogleAccount,
  type FakeGoogleOwner,
  type FakeGoogleVideo,
} from '@app/contracts/fake-google';
import { GOOGLE_SCOPES } from '@app/contracts/google-account';
import { seededRandom } from '@app/contracts/random';

export const FAKE_CLIENT = FAKE_GOOGLE_CLIENT;

/**
 * The scopes the consent page can grant, with the words Google shows for them
 * (https://developers.google.com/identity/protocols/oauth2/scopes#youtubeanalytics and #youtube). Any other scope is
 * `invalid_scope`.
 */
export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  [GOOGLE_SCOPES.analytics]: 'View YouTube Analytics reports for your YouTube content',
  [GOOGLE_SCOPES.revenue]:
    'View monetary and non-monetary YouTube Analytics reports for your YouTube content',
  [GOOGLE_SCOPES.youtube]: 'View your YouTube account',
  [GOOGLE_SCOPES.captions]:
    'See, edit, and permanently delete your YouTube videos, ratings, comments and captions',
  'https://www.googleapis.com/auth/youtube': 'Manage your YouTube account',
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
};

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A random-looking id of `length` characters, the same for the same (seed, salt). */
export function fakeId(seed: number, salt: number, length: number): string {
  const random = seededRandom((Math.imul(seed, 2654435761) ^ Math.imul(salt + 1, 40503)) >>> 0);
  return Array.from({ length }, () => ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)]).join('');
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_VIDEO_COUNT = 24;

/** One upload about every 16 days, the newest 5 days before `today`: a year and more of history. */
export function defaultVideos(seed: number, today: string, count = DEFAULT_VIDEO_COUNT): FakeGoogleVideo[] {
  const random = seededRandom(seed * 7 + 3);
  const newest = Date.parse(`${today}T15:00:00Z`) - 5 * DAY_MS;
  return Array.from({ length: count }, (_, i) => ({
    id: fakeId(seed, 100 + i, 11),
    publishedAt: new Date(newest - i * 16 * DAY_MS - Math.floor(random() * 3) * DAY_MS).toISOString(),
  })).reverse();
}

export function defaultOwner(seed: number, today: string): FakeGoogleOwner {
  return {
    email: 'owner@fake-google.test',
    name: 'Channel Owner',
    channelId: `UC${fakeId(seed, 1, 22)}`,
    channelTitle: 'Fake Analytics Channel',
    handle: '@fakeanalytics',
    partner: true,
    videos: defaultVideos(seed, today),
    externalSites: ['localhost'],
  };
}

export function defaultOther(seed: number): FakeGoogleAccount {
  return {
    email: 'someone.else@fake-google.test',
    name: 'Someone Else',
    channelId: `UC${fakeId(seed, 2, 22)}`,
    channelTitle: 'Another Channel',
    handle: '@anotherchannel',
    partner: false,
  };
}
