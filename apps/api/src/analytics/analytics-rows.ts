import type { AnalyticsEvent } from '@app/contracts';
import { referrerHost, sourceOfHost } from './analytics-math';
import {
  type Increment,
  isAdminPath,
  OTHER,
  pageDim,
  progressDim,
  ROLLUP,
  searchDim,
} from './analytics-kinds';
import type { HeroSeen, VisitorRow } from './analytics-store.service';

/** An event taken, with who sent it (hashed), waiting in the buffer to be written. */
export interface Pending {
  day: string;
  visitor: string;
  /** The visitor's network (/24 or /48) hashed with the day's salt, for the flood check. */
  network: string;
  /** The site's host the event came in on: a referrer from it is internal. */
  host: string;
  event: AnalyticsEvent;
  /** The beacon it came in: whether it holds a page view, and the hero variants it shows (the page may queue a
   * hero impression or a click before the page view of the same load). */
  beacon: Beacon;
}

export interface Beacon {
  viewed: boolean;
  hero: string;
}

/** The kinds that count only after a page view of the same visitor that day (issue 25); hero_click needs more. */
const AFTER_VIEW = new Set<AnalyticsEvent['kind']>([
  'play',
  'play_progress',
  'playlist_open',
  'subscribe_click',
  'community_click',
  'affiliate_click',
  'sponsor_click',
  'search',
]);

/** A set of hero variants as stored (`A`, `B`, `AB`). */
const heroSet = (variants: Iterable<string>): string => [...new Set(variants)].sort().join('');

/** The beacon `events` came in, as each of its events remembers it. */
export function beaconOf(events: AnalyticsEvent[]): Beacon {
  return {
    viewed: events.some((e) => e.kind === 'pageview' && !isAdminPath(e.path)),
    hero: heroSet(events.flatMap((e) => (e.kind === 'hero_impression' ? [e.variant] : []))),
  };
}

/**
 * A batch as rollup increments, the first page view of each visitor and day as a visitor row, and the hero
 * variants of visitors whose row may exist already. In order, with what is stored (`seen`): clicks and plays
 * count only after a page view of the same visitor that day, a hero click only after an impression of its variant
 * (either may also be in the same beacon); paths other than the site's routes count as OTHER, `/admin` not at all.
 */
export function toRows(
  batch: Pending[],
  storedVideos: Set<string>,
  seen: Map<string, string>,
  ownHosts: string[],
): [Increment[], VisitorRow[], HeroSeen[]] {
  const increments: Increment[] = [];
  const visitors = new Map<string, VisitorRow>();
  const state = new Map<string, { viewed: boolean; hero: string; stored: string | undefined }>();
  const add = (kind: string, day: string, dim = '') => increments.push({ kind, day, dim, n: 1 });
  for (const { day, visitor, network, host: site, event, beacon } of batch) {
    const key = `${day}\n${visitor}`;
    let current = state.get(key);
    if (!current) {
      const stored = seen.get(key);
      current = { viewed: stored !== undefined, hero: stored ?? '', stored };
      state.set(key, current);
    }
    if (AFTER_VIEW.has(event.kind) && !current.viewed && !beacon.viewed) continue;
    switch (event.kind) {
      case 'pageview': {
        if (isAdminPath(event.path)) break;
        current.viewed = true;
        add(ROLLUP.view, day);
        add(ROLLUP.page, day, pageDim(event.path, storedVideos));
        add(ROLLUP.viewport, day, event.viewport);
        if (!visitors.has(key) && current.stored === undefined) {
          const host = referrerHost(event.referrer, [site, ...ownHosts]);
          const utm = event.utm;
          const campaign =
            utm && (utm.source || utm.medium || utm.campaign)
              ? [utm.source ?? '', utm.medium ?? '', utm.campaign ?? ''].join('\t')
              : '';
          visitors.set(key, {
            day,
            hash: visitor,
            source: sourceOfHost(host),
            referrer: host,
            campaign,
            hero: '',
            network,
          });
        }
        break;
      }
      case 'play':
        add(ROLLUP.play, day);
        add(ROLLUP.playVideo, day, storedVideos.has(event.videoId) ? event.videoId : OTHER);
        add(ROLLUP.playWhere, day, event.where);
        break;
      case 'play_progress':
        if (storedVideos.has(event.videoId))
          add(ROLLUP.playProgress, day, progressDim(event.videoId, event.milestone));
        break;
      case 'playlist_open':
        add(ROLLUP.playlistOpen, day, event.playlistId);
        break;
      case 'subscribe_click':
        add(ROLLUP.subscribeClick, day, event.where);
        break;
      case 'community_click':
        add(ROLLUP.communityClick, day, event.card);
        break;
      case 'hero_impression':
        current.hero = heroSet(current.hero + event.variant);
        add(ROLLUP.heroImpression, day, event.variant);
        break;
      case 'hero_click':
        if (current.hero.includes(event.variant) || beacon.hero.includes(event.variant))
          add(ROLLUP.heroClick, day, event.variant);
        break;
      case 'affiliate_click':
        add(ROLLUP.affiliateClick, day, event.programId);
        break;
      case 'search': {
        const query = searchDim(event.q);
        if (!query) break;
        add(ROLLUP.search, day, query);
        if (event.results === 0) add(ROLLUP.searchEmpty, day, query);
        break;
      }
      case 'sponsor_click':
        add(ROLLUP.sponsorClick, day, event.sponsorId);
        break;
    }
  }
  // New rows carry their variants; a row that may exist (stored, or inserted meanwhile by another process) is
  // updated when this batch showed it a new one.
  const heroes: HeroSeen[] = [];
  for (const [key, { hero, stored }] of state) {
    const row = visitors.get(key);
    if (row) row.hero = hero;
    if (hero && hero !== (stored ?? '')) {
      const [day, hash] = key.split('\n');
      heroes.push({ day, hash, hero });
    }
  }
  return [increments, [...visitors.values()], heroes];
}
