import { type AnalyticsEvent, type AnalyticsReport, trafficSources } from '@app/contracts';
import {
  addDays,
  bucketOf,
  heroTest,
  rangeDays,
  referrerHost,
  sourceOfHost,
} from '../../src/analytics/analytics-math';
import { QUERY_NAMES, type Sent, STORED_VIDEOS } from './analytics-log';

/**
 * What of the log counts, as docs/analytics.md says (issue 25): `/admin` page views not at all; clicks and plays
 * only after a page view of the same visitor that day (or in the same beacon), a hero click only after an impression
 * of its variant; a path other than `/` or a stored video's page is "other", as is a play of a video not stored.
 */
export function countable(sent: Sent[]): Sent[] {
  const viewed = new Set<string>();
  const shown = new Set<string>();
  const inBeacon = (s: Sent, test: (e: AnalyticsEvent) => boolean) =>
    sent.some((o) => o.beacon === s.beacon && test(o.event));
  const out: Sent[] = [];
  for (const s of sent) {
    const who = `${s.day}/${s.visitor}`;
    const e = s.event;
    const isView = (o: AnalyticsEvent) => o.kind === 'pageview' && o.path !== '/admin';
    if (e.kind === 'pageview') {
      if (e.path === '/admin') continue;
      viewed.add(who);
      const video = /^\/videos\/(.+)$/.exec(e.path)?.[1];
      const path = e.path === '/' || (video && STORED_VIDEOS.has(video)) ? e.path : 'other';
      out.push({ ...s, event: { ...e, path } });
    } else if (e.kind === 'hero_impression') {
      shown.add(`${who}/${e.variant}`);
      out.push(s);
    } else if (e.kind === 'hero_click') {
      const variant = e.variant;
      if (
        shown.has(`${who}/${variant}`) ||
        inBeacon(s, (o) => o.kind === 'hero_impression' && o.variant === variant)
      )
        out.push(s);
    } else if (viewed.has(who) || inBeacon(s, isView)) {
      out.push(
        e.kind === 'play' && !STORED_VIDEOS.has(e.videoId) ? { ...s, event: { ...e, videoId: 'other' } } : s,
      );
    }
  }
  return out;
}

/** The report, recounted from the log the plain way. */
export function recount(
  log: Sent[],
  range: '7d' | '30d' | '90d' | '1y',
  today: string,
): Omit<AnalyticsReport, 'enabled' | 'demo'> {
  const { from, to, bucket, buckets } = rangeDays(range, today);
  const sent = countable(log);
  const inRange = sent.filter((s) => s.day >= from && s.day <= to);
  const count = (rows: string[]) => {
    const counts = new Map<string, number>();
    for (const key of rows) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };
  const top = (counts: Map<string, number>, limit = 10) =>
    [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).slice(0, limit);
  const of = <K extends AnalyticsEvent['kind']>(kind: K) =>
    inRange.filter((s) => s.event.kind === kind) as (Sent & {
      event: Extract<AnalyticsEvent, { kind: K }>;
    })[];

  // A visit: a visitor's first page view of a day.
  const visits = new Map<string, Sent & { event: Extract<AnalyticsEvent, { kind: 'pageview' }> }>();
  for (const s of of('pageview'))
    if (!visits.has(`${s.day}/${s.visitor}`)) visits.set(`${s.day}/${s.visitor}`, s);
  const hosts = [...visits.values()].map((v) => referrerHost(v.event.referrer, ['127.0.0.1']));

  const series = buckets.map((date) => {
    const inBucket = (s: { day: string }) => bucketOf(s.day, bucket) === date;
    return {
      date,
      views: of('pageview').filter(inBucket).length,
      visitors: [...visits.values()].filter(inBucket).length,
      plays: of('play').filter(inBucket).length,
      subscribeClicks: of('subscribe_click').filter(inBucket).length,
      affiliateClicks: of('affiliate_click').filter(inBucket).length,
    };
  });
  const views = of('pageview').length;
  const visitors = visits.size;
  const arm = (variant: 'A' | 'B') => ({
    impressions: of('hero_impression').filter((s) => s.event.variant === variant).length,
    clicks: of('hero_click').filter((s) => s.event.variant === variant).length,
  });
  const sources = count(hosts.map(sourceOfHost));
  const monthFrom = addDays(today, -29);
  return {
    range,
    from,
    to,
    bucket,
    totals: {
      views,
      visitors,
      plays: of('play').length,
      pagesPerVisit: visitors ? Math.round((views / visitors) * 100) / 100 : 0,
    },
    series,
    sources: trafficSources.map((source) => ({ source, visits: sources.get(source) ?? 0 })),
    referrers: top(count(hosts.filter(Boolean))).map(([host, visits]) => ({
      host,
      source: sourceOfHost(host),
      visits,
    })),
    campaigns: top(
      count(
        [...visits.values()]
          .map((v) => v.event.utm)
          .filter((utm) => utm !== undefined)
          .map((utm) => [utm.source ?? '', utm.medium ?? '', utm.campaign ?? ''].join('\t')),
      ),
    ).map(([key, visits]) => {
      const [source, medium, campaign] = key.split('\t');
      return { source, medium, campaign, visits };
    }),
    topVideos: top(count(of('play').map((s) => s.event.videoId))).map(([videoId, plays]) => ({
      videoId,
      title: STORED_VIDEOS.get(videoId) ?? null,
      plays,
      reached: { 25: 0, 50: 0, 75: 0, 100: 0 },
    })),
    topPages: top(count(of('pageview').map((s) => s.event.path))).map(([path, views]) => ({ path, views })),
    searches: {
      total: of('search').length,
      empty: of('search').filter((s) => s.event.results === 0).length,
      top: top(count(of('search').map((s) => QUERY_NAMES[s.event.q])), 20).map(([query, searches]) => ({
        query,
        searches,
      })),
      notFound: top(
        count(
          of('search')
            .filter((s) => s.event.results === 0)
            .map((s) => QUERY_NAMES[s.event.q]),
        ),
        20,
      ).map(([query, searches]) => ({ query, searches })),
    },
    conversions: {
      subscribeClicks: of('subscribe_click').length,
      communityClicks: of('community_click').length,
      affiliateClicks: of('affiliate_click').length,
      sponsorClicks: of('sponsor_click').length,
      playlistOpens: of('playlist_open').length,
      affiliateByProgram: top(count(of('affiliate_click').map((s) => s.event.programId)), 100).map(
        ([programId, clicks]) => ({ programId, clicks }),
      ),
    },
    hero: { A: arm('A'), B: arm('B'), test: heroTest(arm('A'), arm('B')) },
    monthlyViews: sent.filter((s) => s.event.kind === 'pageview' && s.day >= monthFrom && s.day <= today)
      .length,
    floodDays: [],
  };
}
