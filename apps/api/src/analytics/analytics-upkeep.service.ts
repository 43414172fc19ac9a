import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, LessThan } from 'typeorm';
import { deleteAll } from '../database/bulk-writes';
import { AnalyticsDayEntity } from './analytics-day.entity';
import { AnalyticsRollupEntity } from './analytics-rollup.entity';
import { AnalyticsVisitorEntity } from './analytics-visitor.entity';
import { AnalyticsDaysService } from './analytics-days.service';
import { AnalyticsStoreService } from './analytics-store.service';
import { AnalyticsTotalsService } from './analytics-totals.service';
import { visitIncrements } from './analytics-kinds';
import { buildDemoHistory } from './demo-history';

/**
 * What happens to the analytics tables besides counting: the visitors of days over rolled into the counts, the
 * rollups past the longest range deleted, the demo channel's history seeded and cleared.
 */
@Injectable()
export class AnalyticsUpkeepService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: AnalyticsStoreService,
    private readonly totals: AnalyticsTotalsService,
    private readonly days: AnalyticsDaysService,
  ) {}

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
          const [traffic] = await this.days.liveTraffic(manager, day, day);
          if (traffic) await this.days.keepFloodFigures(manager, traffic);
          const groups = await this.totals.visitorGroups(manager, day, day);
          const total = groups.reduce((sum, g) => sum + g.n, 0);
          const deleted = await manager.delete(AnalyticsVisitorEntity, { day });
          if ((deleted.affected ?? 0) !== total) throw new Error(`visitors of ${day} changed while rolled`);
          await this.store.increment(manager, visitIncrements(groups));
          return total;
        })
        .catch(() => 0);
    }
    return rolled;
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
    return this.store.increment(manager, buildDemoHistory(today, videoIds, playlistIds));
  }

  /** Everything counted (the demo history and what was recorded while the demo channel was shown). */
  async deleteAll(manager: EntityManager): Promise<void> {
    await deleteAll(manager, AnalyticsRollupEntity);
    await deleteAll(manager, AnalyticsVisitorEntity);
    await deleteAll(manager, AnalyticsDayEntity);
  }
}
