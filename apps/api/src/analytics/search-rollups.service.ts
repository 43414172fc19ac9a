import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OTHER, SEARCH_KINDS, SEARCHES_PER_DAY, WEEKLY } from './analytics-kinds';
import { mondayOf } from './analytics-math';
import { AnalyticsStoreService } from './analytics-store.service';

interface DimRow {
  dim: string;
  total: string | number;
}

/**
 * The search queries of each day that is over, cut to its most searched: the day's SEARCHES_PER_DAY queries with the
 * most searches stay (ties: the smaller query), the others fold into OTHER on the day and on its week. A day with no
 * more than that many is left as it is, so the fold runs as often as it likes and two processes folding the same day
 * fold it once (the second, behind the first's row locks on MySQL or SQLite's one writer, finds nothing to do).
 */
@Injectable()
export class SearchRollupsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: AnalyticsStoreService,
  ) {}

  private get mysql(): boolean {
    return this.dataSource.options.type === 'mysql';
  }

  /** Folds every day before `today` that holds more queries of a search kind than it keeps; answers how many. */
  async foldDaysBefore(today: string): Promise<number> {
    const over: { kind: string; day: string }[] = await this.dataSource.query(
      `SELECT kind, day FROM analytics_rollup WHERE kind IN (${SEARCH_KINDS.map(() => '?').join(', ')}) ` +
        'AND day < ? AND dim <> ? GROUP BY kind, day HAVING COUNT(*) > ?',
      [...SEARCH_KINDS, today, OTHER, SEARCHES_PER_DAY],
    );
    for (const { kind, day } of over)
      await this.dataSource.transaction((manager) => this.fold(manager, kind, day));
    return over.length;
  }

  private async fold(manager: EntityManager, kind: string, day: string): Promise<void> {
    const rows: DimRow[] = await manager.query(
      `SELECT dim, total FROM analytics_rollup WHERE kind = ? AND day = ? AND dim <> ?${this.mysql ? ' FOR UPDATE' : ''}`,
      [kind, day, OTHER],
    );
    if (rows.length <= SEARCHES_PER_DAY) return;
    const ranked = rows
      .map((row) => ({ dim: row.dim, n: Number(row.total) }))
      .sort((x, y) => y.n - x.n || (x.dim < y.dim ? -1 : x.dim > y.dim ? 1 : 0));
    const folded = ranked.slice(SEARCHES_PER_DAY);
    const week = mondayOf(day);
    for (const { dim, n } of folded) {
      await manager.query('DELETE FROM analytics_rollup WHERE kind = ? AND day = ? AND dim = ?', [
        kind,
        day,
        dim,
      ]);
      await manager.query(
        'UPDATE analytics_rollup SET total = total - ? WHERE kind = ? AND day = ? AND dim = ?',
        [n, `${kind}${WEEKLY}`, week, dim],
      );
    }
    await manager.query('DELETE FROM analytics_rollup WHERE kind = ? AND day = ? AND total <= 0', [
      `${kind}${WEEKLY}`,
      week,
    ]);
    // The day's OTHER and its week's grow by what was folded.
    const n = folded.reduce((sum, row) => sum + row.n, 0);
    await this.store.increment(manager, [{ kind, day, dim: OTHER, n }]);
  }
}
