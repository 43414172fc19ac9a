import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { AnalyticsRollupEntity, ROLLUP_DAY_INDEX } from './analytics-rollup.entity';
import { AnalyticsVisitorEntity } from './analytics-visitor.entity';
import { AnalyticsDaysService } from './analytics-days.service';
import {
  CAMPAIGNS_PER_DAY,
  OTHER,
  REFERRERS_PER_DAY,
  ROLLUP,
  type VisitGroup,
  WEEKLY,
} from './analytics-kinds';
import { addDays, mondayOf, utcDay } from './analytics-math';

/**
 * Per day, keeps the `limit` values with the most visits (ties: the smaller value) and folds the others into OTHER
 * ('' = none is never folded); the groups then merge where they became equal.
 */
export function foldVisitGroups(groups: VisitGroup[]): VisitGroup[] {
  const keep = (field: 'referrer' | 'campaign', limit: number) => {
    const totals = new Map<string, Map<string, number>>();
    for (const g of groups) {
      if (!g[field] || g[field] === OTHER) continue;
      const day = totals.get(g.day) ?? new Map<string, number>();
      day.set(g[field], (day.get(g[field]) ?? 0) + g.n);
      totals.set(g.day, day);
    }
    const kept = new Set<string>();
    for (const [day, values] of totals) {
      const ranked = [...values].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
      for (const [value] of ranked.slice(0, limit)) kept.add(`${day}\n${value}`);
    }
    return (g: VisitGroup) => (!g[field] || kept.has(`${g.day}\n${g[field]}`) ? g[field] : OTHER);
  };
  const referrer = keep('referrer', REFERRERS_PER_DAY);
  const campaign = keep('campaign', CAMPAIGNS_PER_DAY);
  const merged = new Map<string, VisitGroup>();
  for (const g of groups) {
    const folded = { ...g, referrer: referrer(g), campaign: campaign(g) };
    const key = [folded.day, folded.source, folded.referrer, folded.campaign].join('\n');
    const current = merged.get(key);
    if (current) current.n += folded.n;
    else merged.set(key, folded);
  }
  return [...merged.values()];
}

/**
 * The figures the reports read: sums of the rollups per day and per dim (whole weeks from the weekly rows), and the
 * visitors not rolled up yet, grouped by where they came from.
 */
@Injectable()
export class AnalyticsTotalsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly days: AnalyticsDaysService,
  ) {}

  private get mysql(): boolean {
    return this.dataSource.options.type === 'mysql';
  }

  /**
   * The visitors not rolled up yet, grouped by day and by where they came from; each day's referrers and campaigns
   * beyond its most visited REFERRERS_PER_DAY / CAMPAIGNS_PER_DAY are OTHER (foldVisitGroups).
   */
  async visitorGroups(
    manager: EntityManager | undefined,
    from: string,
    to: string,
    excluded: ReadonlySet<string> = new Set(),
  ): Promise<VisitGroup[]> {
    const rows = await (manager ?? this.dataSource.manager)
      .createQueryBuilder(AnalyticsVisitorEntity, 'v')
      .select(['v.day AS day', 'v.source AS source', 'v.referrer AS referrer', 'v.campaign AS campaign'])
      .addSelect('COUNT(*)', 'n')
      .where('v.day BETWEEN :from AND :to', { from, to })
      .groupBy('v.day')
      .addGroupBy('v.source')
      .addGroupBy('v.referrer')
      .addGroupBy('v.campaign')
      .getRawMany<{ day: string; source: string; referrer: string; campaign: string; n: string | number }>();
    return foldVisitGroups(rows.filter((r) => !excluded.has(r.day)).map((r) => ({ ...r, n: Number(r.n) })));
  }

  /** Sums of `kinds` per day in [from, to], without the `excluded` days. */
  async dailyTotals(
    kinds: string[],
    from: string,
    to: string,
    excluded: ReadonlySet<string> = new Set(),
  ): Promise<{ kind: string; day: string; n: number }[]> {
    const rows = await this.dataSource
      .getRepository(AnalyticsRollupEntity)
      .createQueryBuilder('r')
      .select(['r.kind AS kind', 'r.day AS day'])
      .addSelect('SUM(r.total)', 'n')
      .where({ kind: In(kinds) })
      .andWhere('r.day BETWEEN :from AND :to', { from, to })
      .groupBy('r.kind')
      .addGroupBy('r.day')
      .getRawMany<{ kind: string; day: string; n: string | number }>();
    return rows.filter((r) => !excluded.has(r.day)).map((r) => ({ ...r, n: Number(r.n) }));
  }

  /**
   * Sums of `kinds` per dim over [from, to]: the whole weeks inside from the weekly rows, the days at either
   * end from the daily ones; an `excluded` day's daily rows are taken off (a week's row is the sum of its days').
   */
  async dimTotals(
    kinds: string[],
    from: string,
    to: string,
    excluded: ReadonlySet<string> = new Set(),
  ): Promise<{ kind: string; dim: string; n: number }[]> {
    const days = [...excluded].filter((day) => day >= from && day <= to);
    if (!days.length) return this.rangeDimTotals(kinds, from, to);
    const [totals, ...left] = await Promise.all([
      this.rangeDimTotals(kinds, from, to),
      ...days.map((day) => this.sumPerDim(kinds, day, day, true)),
    ]);
    const sums = new Map<string, { kind: string; dim: string; n: number }>();
    for (const row of totals) sums.set(`${row.kind}\n${row.dim}`, { ...row });
    for (const row of left.flat()) {
      const sum = sums.get(`${row.kind}\n${row.dim}`);
      if (sum) sum.n -= row.n;
    }
    return [...sums.values()].filter((row) => row.n > 0);
  }

  private async rangeDimTotals(
    kinds: string[],
    from: string,
    to: string,
  ): Promise<{ kind: string; dim: string; n: number }[]> {
    let firstWeek = mondayOf(from);
    if (firstWeek < from) firstWeek = addDays(firstWeek, 7);
    const lastWeek = addDays(mondayOf(addDays(to, 1)), -7); // the last Monday whose Sunday is in range
    if (firstWeek > lastWeek) return this.sumPerDim(kinds, from, to, true);
    const parts = await Promise.all([
      this.sumPerDim(
        kinds.map((kind) => `${kind}${WEEKLY}`),
        firstWeek,
        lastWeek,
      ),
      from < firstWeek ? this.sumPerDim(kinds, from, addDays(firstWeek, -1), true) : [],
      addDays(lastWeek, 7) <= to ? this.sumPerDim(kinds, addDays(lastWeek, 7), to, true) : [],
    ]);
    return parts.flat().map((row) => ({ ...row, kind: row.kind.replace(WEEKLY, '') }));
  }

  /**
   * Sums per dim over [from, to]. A range of a few days (`narrow`) is read through the (kind, day) index; a long
   * one in primary-key order (kind, dim, day), which groups without sorting. Each database is told which, as
   * both planners pick the primary key for the GROUP BY and would then read every day of the kind.
   */
  private async sumPerDim(
    kinds: string[],
    from: string,
    to: string,
    narrow = false,
  ): Promise<{ kind: string; dim: string; n: number }[]> {
    const index = narrow
      ? this.mysql
        ? `FORCE INDEX (${ROLLUP_DAY_INDEX})`
        : `INDEXED BY ${ROLLUP_DAY_INDEX}`
      : '';
    const rows: { kind: string; dim: string; n: string | number }[] = await this.dataSource.query(
      `SELECT kind, dim, SUM(total) AS n FROM analytics_rollup ${index} ` +
        `WHERE kind IN (${kinds.map(() => '?').join(', ')}) AND day BETWEEN ? AND ? GROUP BY kind, dim`,
      [...kinds, from, to],
    );
    return rows.map((r) => ({ ...r, n: Number(r.n) }));
  }

  /**
   * Page views and plays of the whole UTC days from `from`'s day to the day before `to`'s (rollups count
   * days): the weekly summary's site figures, its Monday-to-Sunday week.
   */
  async viewsAndPlays(from: Date, to: Date): Promise<{ views: number; plays: number }> {
    const [first, last] = [utcDay(from.getTime()), addDays(utcDay(to.getTime()), -1)];
    const rows = await this.dailyTotals(
      [ROLLUP.view, ROLLUP.play],
      first,
      last,
      await this.days.excludedDays(first, last),
    );
    const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + r.n, 0);
    return { views: sum(ROLLUP.view), plays: sum(ROLLUP.play) };
  }
}
