import { seededRandom } from '@app/contracts';
import { addDays } from './analytics-math';
import { type Increment, progressDim, ROLLUP } from './analytics-kinds';

export const DEMO_HISTORY_DAYS = 90;

const REFERRERS: { host: string; share: number }[] = [
  { host: 'google.com', share: 0.3 },
  { host: 'youtube.com', share: 0.22 },
  { host: 'x.com', share: 0.06 },
  { host: 'reddit.com', share: 0.05 },
  { host: 'discord.com', share: 0.04 },
  { host: 'duckduckgo.com', share: 0.03 },
  { host: 'news.ycombinator.com', share: 0.02 },
  { host: 'dev.to', share: 0.02 },
];
const SOURCE_OF: Record<string, string> = {
  'google.com': 'search',
  'duckduckgo.com': 'search',
  'youtube.com': 'youtube',
  'x.com': 'social',
  'reddit.com': 'social',
  'news.ycombinator.com': 'social',
  'discord.com': 'discord',
  'dev.to': 'other',
};
const CAMPAIGNS = ['newsletter\temail\tweekly', 'youtube\tvideo\tdescription', 'x\tsocial\tlaunch'];
const PLACES = ['featured', 'grid', 'view_all'];
const SUBSCRIBE_LINKS = ['header', 'hero', 'footer'];
const COMMUNITY = ['discord', 'twitter', 'newsletter'];
const AFFILIATES = ['gear', 'hosting'];
/** Of the plays of a video, the share that got to 25, 50, 75 and 100%. */
const PROGRESS_SHARES = [
  [25, 0.78],
  [50, 0.61],
  [75, 0.47],
  [100, 0.33],
] as const;

/**
 * The demo channel's site history: the DEMO_HISTORY_DAYS days before `today`, the same on every install
 * (seeded), as the rollups real events would have produced — a weekly rhythm, slow growth, B ahead of A.
 */
export function buildDemoHistory(today: string, videoIds: string[], playlistIds: string[]): Increment[] {
  const random = seededRandom(13);
  const out: Increment[] = [];
  const add = (kind: string, day: string, dim: string, n: number) => {
    if (n > 0) out.push({ kind, day, dim, n: Math.round(n) });
  };
  const split = (total: number, dims: string[], kind: string, day: string) => {
    // A long tail: each next dim gets about half of what is left.
    let left = Math.round(total);
    dims.forEach((dim, i) => {
      const n = i === dims.length - 1 ? left : Math.round(left * (0.45 + random() * 0.15));
      add(kind, day, dim, n);
      left -= n;
    });
  };
  for (let back = DEMO_HISTORY_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.75 : 1;
    const growth = 1 + (DEMO_HISTORY_DAYS - back) / DEMO_HISTORY_DAYS;
    const visitors = Math.round(220 * growth * weekend * (0.85 + random() * 0.3));
    const views = Math.round(visitors * (1.4 + random() * 0.3));
    add(ROLLUP.visitors, day, '', visitors);
    add(ROLLUP.view, day, '', views);
    add(ROLLUP.page, day, '/', views);
    split(views, ['desktop', 'phone', 'tablet'], ROLLUP.viewport, day);

    let direct = visitors;
    const campaignVisits = Math.round(visitors * 0.05);
    for (const { host, share } of REFERRERS) {
      const n = Math.round(visitors * share * (0.8 + random() * 0.4));
      direct -= n;
      add(ROLLUP.referrer, day, host, n);
      add(ROLLUP.source, day, SOURCE_OF[host], n);
    }
    add(ROLLUP.source, day, 'direct', Math.max(0, direct));
    split(campaignVisits, CAMPAIGNS, ROLLUP.campaign, day);

    const plays = Math.round(views * (0.3 + random() * 0.1));
    add(ROLLUP.play, day, '', plays);
    split(plays, videoIds.slice(0, 12), ROLLUP.playVideo, day);
    split(plays, PLACES, ROLLUP.playWhere, day);
    split(views * 0.04, playlistIds.slice(0, 4), ROLLUP.playlistOpen, day);
    split(visitors * 0.03, SUBSCRIBE_LINKS, ROLLUP.subscribeClick, day);
    split(visitors * 0.02, COMMUNITY, ROLLUP.communityClick, day);
    split(visitors * 0.015, AFFILIATES, ROLLUP.affiliateClick, day);
    add(ROLLUP.sponsorClick, day, 'demo-sponsor', visitors * 0.01);

    const impressionsA = Math.round(visitors * 0.45);
    const impressionsB = visitors - Math.round(visitors * 0.45);
    add(ROLLUP.heroImpression, day, 'A', impressionsA);
    add(ROLLUP.heroImpression, day, 'B', impressionsB);
    add(ROLLUP.heroClick, day, 'A', impressionsA * (0.04 + random() * 0.01));
    add(ROLLUP.heroClick, day, 'B', impressionsB * (0.055 + random() * 0.01));
  }
  // How far the plays got: fixed shares (no draw, so the figures above stay as they were), lower for later videos.
  // Carried from day to day per video and point, so a video with a play a day still adds up to its share.
  const carried = new Map<string, number>();
  for (const inc of out.filter((row) => row.kind === ROLLUP.playVideo)) {
    const keep = 1 - (videoIds.indexOf(inc.dim) % 4) * 0.08;
    for (const [milestone, share] of PROGRESS_SHARES) {
      const dim = progressDim(inc.dim, milestone);
      const exact = (carried.get(dim) ?? 0) + inc.n * share * keep;
      const n = Math.floor(exact);
      carried.set(dim, exact - n);
      add(ROLLUP.playProgress, inc.day, dim, n);
    }
  }
  return out;
}
