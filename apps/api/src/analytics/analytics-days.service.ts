import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { AnalyticsDayEntity } from './analytics-day.entity';
import { type DayTraffic, isSuspectedFlood } from './analytics-floods';

/**
 * The days set apart from the others: those whose visitors look like a flood (analytics-floods.ts), with their
 * figures, and those the owner left out of every report figure (`analytics_day`).
 */
@Injectable()
export class AnalyticsDaysService {
  constructor(
    private readonly dataSource: DataSource,
    /** ANALYTICS_MAX_VISITORS: a day whose visitor rows reached it is `capped`. */
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** The flood figures of the days in [from, to] whose visitors are not rolled up yet. */
  async liveTraffic(manager: EntityManager, from: string, to: string): Promise<DayTraffic[]> {
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
      capped: Number(n) >= this.env.ANALYTICS_MAX_VISITORS,
      excluded: false,
    }));
  }

  /** At roll-up: a suspected day's figures are kept (so is an excluded day's), the others leave no row. */
  async keepFloodFigures(manager: EntityManager, traffic: DayTraffic): Promise<void> {
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
}
