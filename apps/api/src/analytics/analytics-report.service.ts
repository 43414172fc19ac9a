import { Injectable } from '@nestjs/common';
import {
  ANALYTICS_TOP_SEARCHES,
  type AnalyticsDayState,
  type AnalyticsRangeId,
  type AnalyticsReport,
  type HeroVariant,
  type TrafficSource,
  trafficSources,
} from '@app/contracts';
import { ChannelService } from '../channel/channel.service';
import { Clock } from '../common/clock';
import { SettingsService } from '../settings/settings.service';
import { VideosService } from '../videos/videos.service';
import { addDays, bucketOf, heroTest, rangeDays, sourceOfHost, topEntries, utcDay } from './analytics-math';
import { AnalyticsIngestService } from './analytics-ingest.service';
import { OTHER, progressDim, ROLLUP, visitIncrements } from './analytics-kinds';
import { AnalyticsDaysService } from './analytics-days.service';
import { AnalyticsTotalsService } from './analytics-totals.service';

const SERIES_KINDS = [
  ROLLUP.view,
  ROLLUP.visitors,
  ROLLUP.play,
  ROLLUP.subscribeClick,
  ROLLUP.affiliateClick,
];
const DIM_KINDS = [
  ROLLUP.source,
  ROLLUP.referrer,
  ROLLUP.campaign,
  ROLLUP.playVideo,
  ROLLUP.playProgress,
  ROLLUP.page,
  ROLLUP.playlistOpen,
  ROLLUP.communityClick,
  ROLLUP.sponsorClick,
  ROLLUP.affiliateClick,
  ROLLUP.heroImpression,
  ROLLUP.heroClick,
  ROLLUP.search,
  ROLLUP.searchEmpty,
];
const TOP = 10;

/** The most searched queries, by name: "other" (the queries beyond a day's top) counts in the totals only. */
const topSearches = (rows: { dim: string; n: number }[]) =>
  topEntries(
    rows.filter((row) => row.dim !== OTHER),
    'dim',
    ANALYTICS_TOP_SEARCHES,
  ).map(({ dim, n }) => ({ query: dim, searches: n }));

/** Every figure of the Analytics tab, from the rollups (plus the visitors of the days not rolled up yet). */
@Injectable()
export class AnalyticsReportService {
  constructor(
    private readonly totals: AnalyticsTotalsService,
    private readonly days: AnalyticsDaysService,
    private readonly ingest: AnalyticsIngestService,
    private readonly settings: SettingsService,
    private readonly channel: ChannelService,
    private readonly videos: VideosService,
    private readonly clock: Clock,
  ) {}

  /**
   * Clicks on a deal's sponsor link (`sponsor_click` with the deal's id, sent by the watch pages of its videos)
   * over [from, to], both included; the days the owner left out (a suspected flood) count for nothing.
   */
  async sponsorClicks(sponsorId: string, from: string, to: string): Promise<number> {
    const excluded = await this.days.excludedDays(from, to);
    const rows = await this.totals.dimTotals([ROLLUP.sponsorClick], from, to, excluded);
    return rows.find((row) => row.dim === sponsorId)?.n ?? 0;
  }

  async report(range: AnalyticsRangeId): Promise<AnalyticsReport> {
    // What this process has taken so far shows at once (other processes write theirs within a second).
    await this.ingest.flush().catch(() => undefined);
    const today = utcDay(this.clock.now());
    const { from, to, bucket, buckets } = rangeDays(range, today);
    const monthFrom = addDays(today, -29);
    // The days the owner left out (a suspected flood) count in no figure.
    const excluded = await this.days.excludedDays(monthFrom < from ? monthFrom : from, today);
    const [daily, dims, visits, monthly, floodDays, enabled, channel] = await Promise.all([
      this.totals.dailyTotals(SERIES_KINDS, from, to, excluded),
      this.totals.dimTotals(DIM_KINDS, from, to, excluded),
      this.totals.visitorGroups(undefined, from, to, excluded),
      this.totals.dailyTotals([ROLLUP.view], monthFrom, today, excluded),
      this.days.floodDays(from, to),
      this.settings.get('enableSiteAnalytics'),
      this.channel.find(),
    ]);
    // Visitors not rolled up yet count as if they were.
    for (const inc of visitIncrements(visits)) {
      if (inc.kind === ROLLUP.visitors) daily.push({ kind: inc.kind, day: inc.day, n: inc.n });
      else dims.push({ kind: inc.kind, dim: inc.dim, n: inc.n });
    }

    const series = new Map(
      buckets.map((date) => [
        date,
        { date, views: 0, visitors: 0, plays: 0, subscribeClicks: 0, affiliateClicks: 0 },
      ]),
    );
    const field = {
      [ROLLUP.view]: 'views',
      [ROLLUP.visitors]: 'visitors',
      [ROLLUP.play]: 'plays',
      [ROLLUP.subscribeClick]: 'subscribeClicks',
      [ROLLUP.affiliateClick]: 'affiliateClicks',
    } as const;
    for (const row of daily) {
      const point = series.get(bucketOf(row.day, bucket));
      if (point) point[field[row.kind as keyof typeof field]] += row.n;
    }

    const byKind = new Map<string, Map<string, number>>();
    for (const row of dims) {
      const counts = byKind.get(row.kind) ?? new Map<string, number>();
      counts.set(row.dim, (counts.get(row.dim) ?? 0) + row.n);
      byKind.set(row.kind, counts);
    }
    const entries = (kind: string) =>
      [...(byKind.get(kind) ?? new Map<string, number>())].map(([dim, n]) => ({ dim, n }));
    const sum = (kind: string) => entries(kind).reduce((total, e) => total + e.n, 0);
    const of = (kind: string, dim: string) => byKind.get(kind)?.get(dim) ?? 0;

    const points = [...series.values()];
    const views = points.reduce((total, p) => total + p.views, 0);
    const visitors = points.reduce((total, p) => total + p.visitors, 0);
    const plays = points.reduce((total, p) => total + p.plays, 0);

    const topVideos = topEntries(entries(ROLLUP.playVideo), 'dim', TOP);
    const reached = (videoId: string) => ({
      25: of(ROLLUP.playProgress, progressDim(videoId, 25)),
      50: of(ROLLUP.playProgress, progressDim(videoId, 50)),
      75: of(ROLLUP.playProgress, progressDim(videoId, 75)),
      100: of(ROLLUP.playProgress, progressDim(videoId, 100)),
    });
    const titles = await this.videos.titles(topVideos.map((v) => v.dim));
    const arm = (variant: HeroVariant) => ({
      impressions: of(ROLLUP.heroImpression, variant),
      clicks: of(ROLLUP.heroClick, variant),
    });
    const A = arm('A');
    const B = arm('B');

    return {
      range,
      from,
      to,
      bucket,
      enabled,
      demo: channel?.isDemo === true,
      totals: {
        views,
        visitors,
        plays,
        pagesPerVisit: visitors ? Math.round((views / visitors) * 100) / 100 : 0,
      },
      series: points,
      sources: trafficSources.map((source: TrafficSource) => ({ source, visits: of(ROLLUP.source, source) })),
      referrers: topEntries(entries(ROLLUP.referrer), 'dim', TOP).map(({ dim, n }) => ({
        host: dim,
        source: sourceOfHost(dim),
        visits: n,
      })),
      campaigns: topEntries(entries(ROLLUP.campaign), 'dim', TOP).map(({ dim, n }) => {
        const [source = '', medium = '', campaign = ''] = dim.split('\t');
        return { source, medium, campaign, visits: n };
      }),
      topVideos: topVideos.map(({ dim, n }) => ({
        videoId: dim,
        title: titles.get(dim) ?? null,
        plays: n,
        reached: reached(dim),
      })),
      topPages: topEntries(entries(ROLLUP.page), 'dim', TOP).map(({ dim, n }) => ({ path: dim, views: n })),
      conversions: {
        subscribeClicks: points.reduce((total, p) => total + p.subscribeClicks, 0),
        communityClicks: sum(ROLLUP.communityClick),
        affiliateClicks: points.reduce((total, p) => total + p.affiliateClicks, 0),
        sponsorClicks: sum(ROLLUP.sponsorClick),
        playlistOpens: sum(ROLLUP.playlistOpen),
        affiliateByProgram: topEntries(entries(ROLLUP.affiliateClick), 'dim', Number.MAX_SAFE_INTEGER).map(
          ({ dim, n }) => ({ programId: dim, clicks: n }),
        ),
      },
      hero: { A, B, test: heroTest(A, B) },
      searches: {
        total: sum(ROLLUP.search),
        empty: sum(ROLLUP.searchEmpty),
        top: topSearches(entries(ROLLUP.search)),
        notFound: topSearches(entries(ROLLUP.searchEmpty)),
      },
      monthlyViews: monthly.reduce((total, row) => total + row.n, 0),
      floodDays: floodDays.map(({ day, visitors, networkVisitors, capped, suspected, excluded }) => ({
        day,
        visitors,
        networkVisitors,
        capped,
        suspected,
        excluded,
      })),
    };
  }

  /** Leaves a day out of every figure of the reports, or counts it again (nothing is deleted). */
  async setExcluded(day: string, excluded: boolean): Promise<AnalyticsDayState> {
    await this.days.setExcluded(day, excluded);
    return { day, excluded };
  }
}
