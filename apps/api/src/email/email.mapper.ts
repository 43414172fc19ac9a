import type { WeeklySummaryRun } from '@app/contracts';
import type { NotificationRunEntity } from './notification-run.entity';

const iso = (date: Date) => new Date(date).toISOString();

export function toWeeklySummaryRun(run: NotificationRunEntity): WeeklySummaryRun {
  return {
    week: run.period,
    from: iso(run.periodStart),
    to: iso(run.periodEnd),
    startedAt: iso(run.startedAt),
    finishedAt: run.finishedAt ? iso(run.finishedAt) : null,
    outcome: run.outcome,
    recipient: run.recipient,
    videos: run.videos,
    attempts: run.attempts,
    status: run.status,
    error: run.error,
  };
}
