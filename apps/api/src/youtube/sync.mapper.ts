import {
  type NotificationDelivery,
  notificationDeliverySchema,
  type SyncResult,
  type SyncRun,
  type SyncStatus,
} from '@app/contracts';
import { z } from 'zod';
import type { SyncRunEntity } from './sync-run.entity';

const storedDeliveries = z.array(notificationDeliverySchema);

/** The `notifications` column holds the delivery list as JSON; anything unreadable counts as none. */
export function parseDeliveries(text: string | null): NotificationDelivery[] | null {
  if (!text) return null;
  try {
    const parsed = storedDeliveries.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function durationMs(run: SyncRunEntity): number | null {
  return run.finishedAt ? Math.max(0, run.finishedAt.getTime() - run.startedAt.getTime()) : null;
}

/** The counts a run's record and a sync's answer both carry. */
function syncCounts(run: SyncRunEntity) {
  const { videos, playlists, added, updated, removed, apiUnits } = run;
  return { videos, playlists, added, updated, removed, apiUnits };
}

export function toSyncRun(run: SyncRunEntity): SyncRun {
  return {
    id: run.id,
    kind: run.kind,
    videoId: run.videoId,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    outcome: run.outcome,
    ...syncCounts(run),
    pages: run.pages,
    expectedVideos: run.expectedVideos,
    durationMs: durationMs(run),
    error: run.error,
    notifications: parseDeliveries(run.notifications),
  };
}

export function toSyncResult(run: SyncRunEntity): SyncResult {
  return { ...syncCounts(run), durationMs: durationMs(run) ?? 0 };
}

export function toSyncStatus(
  lastRun: SyncRunEntity | null,
  lastSuccess: SyncRunEntity | null,
  lastPush: SyncRunEntity | null,
  setup: SyncStatus['setup'],
): SyncStatus {
  return {
    lastRun: lastRun ? toSyncRun(lastRun) : null,
    lastSuccess: lastSuccess ? toSyncRun(lastSuccess) : null,
    lastPush: lastPush ? toSyncRun(lastPush) : null,
    setup,
  };
}
