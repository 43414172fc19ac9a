import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager, In, LessThan } from 'typeorm';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { chunks } from '../database/bulk-writes';
import { AnalyticsRollupEntity } from './analytics-rollup.entity';
import { AnalyticsSaltEntity } from './analytics-salt.entity';
import type { AnalyticsVisitorEntity } from './analytics-visitor.entity';
import { dimCapOf, EVENT_KINDS, type Increment, OTHER, WEEKLY } from './analytics-kinds';
import { mondayOf } from './analytics-math';

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

/** Rows per statement: well under SQLite's bound-parameter limit and MySQL's packet size. */
const CHUNK = 400;

/**
 * The writes of the analytics tables (this module owns them): a batch of visitors and counts with its caps, the
 * portable upsert of the rollups, the day's salt. The reports read through AnalyticsTotalsService, the flood and
 * excluded days live in AnalyticsDaysService, and the daily roll-up and retention in AnalyticsUpkeepService.
 */
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
    for (const rows of chunks(await this.underCap(manager, visitors), CHUNK)) {
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
      for (const rows of chunks(group, CHUNK)) {
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
    for (const rows of chunks(hashes, CHUNK)) {
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
    for (const rows of chunks(sorted, CHUNK)) {
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
}
