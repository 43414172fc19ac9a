import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager, In, LessThan } from 'typeorm';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { AnalyticsDayEntity } from './analytics-day.entity';
import { type DayTraffic, isSuspectedFlood } from './analytics-floods';
import { AnalyticsRollupEntity, ROLLUP_DAY_INDEX } from './analytics-rollup.entity';
import { AnalyticsSaltEntity } from './analytics-salt.entity';
import { AnalyticsVisitorEntity } from './analytics-visitor.entity';
import { buildDemoHistory } from './demo-history';
import {
  CAMPAIGNS_PER_DAY,
  dimCapOf,
  EVENT_KINDS,
  type Increment,
  OTHER,
  REFERRERS_PER_DAY,
  ROLLUP,
  type VisitGroup,
  visitIncrements,
  WEEKLY,
} from './analytics-kinds';
import { addDays, mondayOf, utcDay } from './analytics-math';

export type VisitorRow = Pick<
  AnalyticsVisitorEntity,
  'day' | 'hash' | 'source' | 'referrer' | 'campaign' | 'hero' | 'network'
>;

/** A visitor's hero variants to store (`A`, `B`, `AB`), for visitors whose row may already exist. */
export interface HeroSeen {
  day: string;
  hash: string;
  hero: string;
}

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

/** Rows per statement: well under SQLite's bound-parameter limit and MySQL's packet size. */
const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The analytics tables (this module owns them): portable upserts, the salt, the daily roll-up of visitors. */
@Injectable()
export class AnalyticsStoreService {
  /** Visitor rows per day (the environment's ANALYTICS_MAX_VISITORS). */
  private readonly visitorCap: number;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) env: Env,
  ) {
    this.visitorCap = env.ANALYTICS_MAX_VISITORS;
  }

  private get mysql(): boolean {
    return this.dataSource.options.type === 'mysql';
  }

  /**
   * Writes one batch in one transaction: new visitors first (first write of a day wins; none beyond the day's
   * visitor cap), the hero variants they were shown, then the counts (a capped kind's new dims beyond its daily cap
   * folded into OTHER).
   */
  writeBatch(increments: Increment[], visitors: VisitorRow[], heroes: HeroSeen[] = []): Promise<void> {
    return this.dataSource.transaction((manager) => this.write(manager, increments, visitors, heroes));
  }

  private async write(
    manager: EntityManager,
    increments: Increment[],
    visitors: VisitorRow[],
    heroes: HeroSeen[],
  ): Promise<void> {
    for (const rows of chunks(await this.underCap(manager, visitors))) {
      const values = rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
      const verb = this.mysql ? 'INSERT IGNORE INTO' : 'INSERT OR IGNORE INTO';
      await manager.query(
        `${verb} analytics_visitor (day, hash, source, referrer, campaign, hero, network) VALUES ${values}`,
        rows.flatMap((r) => [r.day, r.hash, r.source, r.referrer, r.campaign, r.hero, r.network]),
      );
    }
    // One statement per day and value (there are three: A, B, AB).
    const byValue = new Map<string, HeroSeen[]>();
    for (const h of heroes) {
      const key = `${h.day}\n${h.hero}`;
      byValue.set(key, [...(byValue.get(key) ?? []), h]);
    }
    for (const group of byValue.values()) {
      for (const rows of chunks(group)) {
        await manager.query(
          `UPDATE analytics_visitor SET hero = ? WHERE day = ? AND hash IN (${rows.map(() => '?').join(', ')})`,
          [rows[0].hero, rows[0].day, ...rows.map((r) => r.hash)],
        );
      }
    }
    await this.increment(manager, await this.capDims(manager, increments));
  }

  /**
   * The new visitors that fit under their day's cap (the first ones of the batch). The day's rows are counted in the
   * write's transaction: one process writes one batch at a time, so the cap holds exactly with one API process; with
   * several, two writes of the same moment may each take the last places (at most one batch more per process).
   */
  private async underCap(manager: EntityManager, visitors: VisitorRow[]): Promise<VisitorRow[]> {
    const free = new Map<string, number>();
    for (const day of new Set(visitors.map((v) => v.day))) {
      const [row] = await manager.query<{ n: string | number }[]>(
        'SELECT COUNT(*) AS n FROM analytics_visitor WHERE day = ?',
        [day],
      );
      free.set(day, this.visitorCap - Number(row.n));
    }
    return visitors.filter((v) => {
      const left = free.get(v.day)!;
      free.set(v.day, left - 1);
      return left > 0;
    });
  }

  /**
   * The increments with each capped kind's dims limited to its distinct values a day (`dimCapOf`): a dim the day
   * already has, or one of the first new ones, is kept; later new ones become OTHER. The day's dims are read in the
   * write's transaction (locked on MySQL), so two processes cannot both take the last free places.
   */
  private async capDims(manager: EntityManager, increments: Increment[]): Promise<Increment[]> {
    const capped = (inc: Increment) => dimCapOf(inc.kind) !== undefined && inc.dim !== OTHER;
    const keyOf = (inc: Increment) => `${inc.kind}\n${inc.day}`;
    const known = new Map<string, Set<string>>();
    // Read (and on MySQL lock) in key order, as increment() writes, so concurrent writers never deadlock.
    for (const key of [...new Set(increments.filter(capped).map(keyOf))].sort()) {
      const [kind, day] = key.split('\n');
      const rows: { dim: string }[] = await manager.query(
        `SELECT dim FROM analytics_rollup WHERE kind = ? AND day = ?${this.mysql ? ' FOR UPDATE' : ''}`,
        [kind, day],
      );
      known.set(key, new Set(rows.map((r) => r.dim).filter((dim) => dim !== OTHER)));
    }
    return increments.map((inc) => {
      if (!capped(inc)) return inc;
      const dims = known.get(keyOf(inc))!;
      if (!dims.has(inc.dim) && dims.size < dimCapOf(inc.kind)!) dims.add(inc.dim);
      return dims.has(inc.dim) ? inc : { ...inc, dim: OTHER };
    });
  }

  /** The hero variants of those of `hashes` that have a visitor row on `day` (a page view that day). */
  async visitorsSeen(day: string, hashes: string[]): Promise<Map<string, string>> {
    const seen = new Map<string, string>();
    for (const rows of chunks(hashes)) {
      const found: { hash: string; hero: string }[] = await this.dataSource.query(
        `SELECT hash, hero FROM analytics_visitor WHERE day = ? AND hash IN (${rows.map(() => '?').join(', ')})`,
        [day, ...rows],
      );
      for (const row of found) seen.set(row.hash, row.hero);
    }
    return seen;
  }

  /**
   * Adds to the counts of each day and of its week (creating missing rows); sorted so concurrent writers lock
   * rows in the same order.
   */
  async increment(manager: EntityManager, increments: Increment[]): Promise<void> {
    const merged = new Map<string, Increment>();
    const add = (inc: Increment) => {
      const key = `${inc.kind}\u0000${inc.dim}\u0000${inc.day}`;
      const current = merged.get(key);
      if (current) current.n += inc.n;
      else merged.set(key, { ...inc });
    };
    for (const inc of increments) {
      if (inc.n <= 0) continue;
      add(inc);
      add({ ...inc, kind: `${inc.kind}${WEEKLY}`, day: mondayOf(inc.day) });
    }
    const sorted = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
    const upsert = this.mysql
      ? 'ON DUPLICATE KEY UPDATE total = total + VALUES(total)'
      : 'ON CONFLICT (kind, day, dim) DO UPDATE SET total = total + excluded.total';
    for (const rows of chunks(sorted)) {
      await manager.query(
        `INSERT INTO analytics_rollup (kind, day, dim, total) VALUES ${rows.map(() => '(?, ?, ?, ?)').join(', ')} ${upsert}`,
        rows.flatMap((r) => [r.kind, r.day, r.dim, r.n]),
      );
    }
  }

  /**
   * Today's salt, created on first use. Every process inserts-or-ignores then reads, so all of them agree;
   * older salts are deleted at once, so no hash can be linked to another day's.
   */
  async saltFor(day: string): Promise<string> {
    const salts = this.dataSource.getRepository(AnalyticsSaltEntity);
    await salts
      .createQueryBuilder()
      .insert()
      .values({ day, salt: randomBytes(32).toString('hex') })
      .orIgnore()
      .updateEntity(false)
      .execute();
    const row = await salts.findOneByOrFail({ day });
    // Only older days: a call that began before midnight must not delete the new day's salt under a beacon of it.
    await salts.delete({ day: LessThan(day) });
    return row.salt;
  }

  /**
   * Folds the visitors of each day before `keepFrom` into the rollups and deletes them. A day is taken in one
   * transaction that must delete exactly the rows it counted: a second process doing the same day at the same
   * moment counts nothing twice (its transaction fails and is rolled back).
   */
  async rollVisitorsBefore(keepFrom: string): Promise<number> {
    const visitors = this.dataSource.getRepository(AnalyticsVisitorEntity);
    const days = (
      await visitors
        .createQueryBuilder('v')
        .select('v.day', 'day')
        .where('v.day < :keepFrom', { keepFrom })
        .groupBy('v.day')
        .getRawMany<{ day: string }>()
    ).map((r) => r.day);
    let rolled = 0;
    for (const day of days) {
      rolled += await this.dataSource
        .transaction(async (manager) => {
          const [traffic] = await this.liveTraffic(manager, day, day);
          if (traffic) await this.keepFloodFigures(manager, traffic);
          const groups = await this.visitorGroups(manager, day, day);
          const total = groups.reduce((sum, g) => sum + g.n, 0);
          const deleted = await manager.delete(AnalyticsVisitorEntity, { day });
          if ((deleted.affected ?? 0) !== total) throw new Error(`visitors of ${day} changed while rolled`);
          await this.increment(manager, visitIncrements(groups));
          return total;
        })
        .catch(() => 0);
    }
    return rolled;
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

  /** The flood figures of the days in [from, to] whose visitors are not rolled up yet. */
  private async liveTraffic(manager: EntityManager, from: string, to: string): Promise<DayTraffic[]> {
    // One after the other: in a transaction both go through its one connection.
    const totals = await manager.query<{ day: string; n: string | number }[]>(
      'SELECT day, COUNT(*) AS n FROM analytics_visitor WHERE day BETWEEN ? AND ? GROUP BY day',
      [from, to],
    );
    const networks = await manager.query<{ day: string; n: string | number }[]>(
      'SELECT day, MAX(n) AS n FROM (SELECT day, COUNT(*) AS n FROM analytics_visitor ' +
        "WHERE day BETWEEN ? AND ? AND network <> '' GROUP BY day, network) per_network GROUP BY day",
      [from, to],
    );
    const busiest = new Map(networks.map((r) => [r.day, Number(r.n)]));
    return totals.map(({ day, n }) => ({
      day,
      visitors: Number(n),
      networkVisitors: busiest.get(day) ?? 0,
      capped: Number(n) >= this.visitorCap,
      excluded: false,
    }));
  }

  /** At roll-up: a suspected day's figures are kept (so is an excluded day's), the others leave no row. */
  private async keepFloodFigures(manager: EntityManager, traffic: DayTraffic): Promise<void> {
    const { day, visitors, networkVisitors, capped } = traffic;
    if (isSuspectedFlood(traffic)) await this.insertDay(manager, day);
    await manager.update(AnalyticsDayEntity, { day }, { visitors, networkVisitors, capped });
  }

  private insertDay(manager: EntityManager, day: string): Promise<unknown> {
    return manager
      .createQueryBuilder()
      .insert()
      .into(AnalyticsDayEntity)
      .values({ day })
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  /**
   * The days of [from, to] that look like a flood or that the owner excluded, oldest first: the days not rolled up
   * yet from their visitor rows, the others as their roll-up left them.
   */
  async floodDays(from: string, to: string): Promise<(DayTraffic & { suspected: boolean })[]> {
    const manager = this.dataSource.manager;
    const [live, stored] = await Promise.all([
      this.liveTraffic(manager, from, to),
      manager
        .createQueryBuilder(AnalyticsDayEntity, 'd')
        .where('d.day BETWEEN :from AND :to', { from, to })
        .getMany(),
    ]);
    const days = new Map<string, DayTraffic>(stored.map((d) => [d.day, { ...d, excluded: !!d.excluded }]));
    for (const day of live) days.set(day.day, { ...day, excluded: days.get(day.day)?.excluded ?? false });
    return [...days.values()]
      .map((day) => ({ ...day, suspected: isSuspectedFlood(day) }))
      .filter((day) => day.suspected || day.excluded)
      .sort((a, b) => (a.day < b.day ? -1 : 1));
  }

  /** Leaves a day out of every report figure, or counts it again; its rows stay as they are. */
  async setExcluded(day: string, excluded: boolean): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.insertDay(manager, day);
      await manager.update(AnalyticsDayEntity, { day }, { excluded });
    });
  }

  /** The days in [from, to] the owner left out of the reports. */
  async excludedDays(from: string, to: string): Promise<Set<string>> {
    const rows = await this.dataSource
      .getRepository(AnalyticsDayEntity)
      .createQueryBuilder('d')
      .select('d.day', 'day')
      .where('d.day BETWEEN :from AND :to', { from, to })
      .andWhere('d.excluded = :excluded', { excluded: true })
      .getRawMany<{ day: string }>();
    return new Set(rows.map((r) => r.day));
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
      await this.excludedDays(first, last),
    );
    const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + r.n, 0);
    return { views: sum(ROLLUP.view), plays: sum(ROLLUP.play) };
  }

  /** Every event stored (the reliability check compares it with what was accepted). */
  async eventCount(): Promise<number> {
    const row = await this.dataSource
      .getRepository(AnalyticsRollupEntity)
      .createQueryBuilder('r')
      .select('SUM(r.total)', 'n')
      .where({ kind: In(EVENT_KINDS) })
      .getRawOne<{ n: string | number | null }>();
    return Number(row?.n ?? 0);
  }

  async hasData(): Promise<boolean> {
    return this.dataSource.getRepository(AnalyticsRollupEntity).exists();
  }

  /** Rollups of days before `day` go (the report never reads them), with those days' flood figures. */
  async deleteRollupsBefore(day: string): Promise<void> {
    await this.dataSource.getRepository(AnalyticsRollupEntity).delete({ day: LessThan(day) });
    await this.dataSource.getRepository(AnalyticsDayEntity).delete({ day: LessThan(day) });
  }

  /** The demo channel's history (demo-history.ts), through the demo seed's transaction. */
  seedDemoHistory(
    manager: EntityManager,
    today: string,
    videoIds: string[],
    playlistIds: string[],
  ): Promise<void> {
    return this.increment(manager, buildDemoHistory(today, videoIds, playlistIds));
  }

  /** Everything counted (the demo history and what was recorded while the demo channel was shown). */
  async deleteAll(manager: EntityManager): Promise<void> {
    await manager.createQueryBuilder().delete().from(AnalyticsRollupEntity).execute();
    await manager.createQueryBuilder().delete().from(AnalyticsVisitorEntity).execute();
    await manager.createQueryBuilder().delete().from(AnalyticsDayEntity).execute();
  }
}
