import { type AnalyticsEvent, seededRandom } from '@app/contracts';
import { utcDay } from '../../src/analytics/analytics-math';

/**
 * The generated event log of the site analytics suite (docs/analytics.md): visitors of three days, each its own IP
 * (X-Forwarded-For) and user agent, sending page views and every kind of click in beacons of five.
 */

export const DAY_MS = 86_400_000;
/** A Wednesday, noon UTC. */
export const D = Date.parse('2026-03-11T12:00:00Z');
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const VIDEO_IDS = ['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc', 'ddddddddddd'];
const REFERRERS = [
  undefined,
  'https://www.google.com/search?q=x',
  'https://youtu.be/abc',
  'https://t.co/x',
  'https://discord.gg/abc',
  'https://example.org/post',
  'http://127.0.0.1/internal',
  'not a url',
];
/** Paths of the site's routes, others (counted as "other") and the dashboard's (not counted). */
const PATHS = [
  '/',
  '/',
  '/',
  '/about',
  '/Videos',
  '/videos',
  `/videos/${VIDEO_IDS[0]}`,
  `/videos/${VIDEO_IDS[3]}`,
  '/admin',
];
/** The videos of VIDEO_IDS the site holds (the others are made up: their plays and pages count as "other"). */
export const STORED_VIDEOS = new Map([
  [VIDEO_IDS[0], 'Stored one'],
  [VIDEO_IDS[1], 'Stored two'],
]);

export interface Sent {
  day: string;
  visitor: number;
  event: AnalyticsEvent;
  /** Which beacon (request) it came in. */
  beacon: number;
}

/** A visitor's own address and user agent. */
export function visitorHeaders(visitor: number): Record<string, string> {
  return {
    'X-Forwarded-For': `10.0.${visitor >> 8}.${visitor & 255}`,
    'User-Agent': `${BROWSER} v${visitor}`,
  };
}

/** Queries as visitors type them: one found nothing; the others are two queries, written in several ways. */
const SEARCHES = ['Docker', ' docker  compose', 'ＤＯＣＫＥＲ', 'Docker Compose', '東京', 'nothing here'];
const search = (q: string): AnalyticsEvent => ({
  kind: 'search',
  path: '/search',
  q,
  results: q === 'nothing here' ? 0 : 2,
});
/** How the report names a query: case, width and spaces aside. */
export const QUERY_NAMES: Record<string, string> = {
  Docker: 'docker',
  ' docker  compose': 'docker compose',
  ＤＯＣＫＥＲ: 'docker',
  'Docker Compose': 'docker compose',
  東京: '東京',
  'nothing here': 'nothing here',
};

/** One visitor's events of one day: a page view first, then a few of any kind. */
function visit(random: () => number): AnalyticsEvent[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const utm =
    random() < 0.25
      ? {
          source: pick(['news', 'yt']),
          campaign: pick(['spring', 'launch']),
          ...(random() < 0.5 ? { medium: 'email' } : {}),
        }
      : undefined;
  const events: AnalyticsEvent[] = [
    {
      kind: 'pageview',
      path: pick(PATHS),
      referrer: pick(REFERRERS),
      utm,
      viewport: pick(['phone', 'desktop'] as const),
    },
  ];
  const more = Math.floor(random() * 12);
  for (let i = 0; i < more; i++) {
    const path = pick(PATHS);
    const kinds: AnalyticsEvent[] = [
      { kind: 'pageview', path, referrer: pick(REFERRERS), viewport: 'tablet' },
      {
        kind: 'play',
        path,
        videoId: pick(VIDEO_IDS),
        where: pick(['featured', 'grid', 'view_all'] as const),
      },
      { kind: 'playlist_open', path, playlistId: 'PLdemo1' },
      { kind: 'subscribe_click', path, where: pick(['header', 'hero']) },
      { kind: 'community_click', path, card: pick(['discord', 'twitter'] as const) },
      { kind: 'hero_impression', path, variant: pick(['A', 'B'] as const) },
      { kind: 'hero_impression', path, variant: pick(['A', 'B'] as const) },
      { kind: 'hero_click', path, variant: pick(['A', 'B'] as const) },
      { kind: 'affiliate_click', path, programId: pick(['gear', 'hosting']) },
      { kind: 'sponsor_click', path, sponsorId: 'acme' },
      search(pick(SEARCHES)),
    ];
    events.push(pick(kinds));
  }
  return events;
}

/**
 * Generates and sends the log of three days (a day of the week before, yesterday and today of D): `send` posts a
 * beacon, `setNow` sets the app's clock to the start of each day.
 */
export async function ingestLog(
  send: (events: AnalyticsEvent[], headers: Record<string, string>) => Promise<number>,
  setNow: (time: number) => void,
): Promise<Sent[]> {
  const random = seededRandom(2026);
  const sent: Sent[] = [];
  for (const dayStart of [D - 8 * DAY_MS, D - DAY_MS, D]) {
    setNow(dayStart);
    const day = utcDay(dayStart);
    for (let visitor = 0; visitor < 30; visitor++) {
      if (random() < 0.3) continue;
      const events = visit(random);
      for (let i = 0; i < events.length; i += 5) {
        const batch = events.slice(i, i + 5);
        expect(await send(batch, visitorHeaders(visitor))).toBe(batch.length);
        const beacon = sent.length;
        sent.push(...batch.map((event) => ({ day, visitor, event, beacon })));
      }
      // Not counted: a crawler and a visitor asking not to be tracked.
      if (visitor % 7 === 0) {
        expect(
          await send(events.slice(0, 3), { ...visitorHeaders(visitor), 'User-Agent': 'Googlebot/2.1' }),
        ).toBe(0);
        expect(await send(events.slice(0, 3), { ...visitorHeaders(900), 'Sec-GPC': '1' })).toBe(0);
      }
    }
  }
  return sent;
}
