import { YOUTUBE_ANALYTICS_HISTORY_DAYS, YOUTUBE_ANALYTICS_REFETCH_DAYS } from '@app/contracts';
import { addDays, utcDay } from '../analytics/analytics-math';

/**
 * The days an import reads, as pure rules (unit-tested in import-plan.spec.ts): the first import's window, its chunks
 * newest first, the recent days every fetch reads again, the revenue import's window, progress, and when the
 * nightly fetch is due.
 */

/** Days one range query covers: the first import's progress moves a chunk at a time. */
export const CHUNK_DAYS = 30;
/**
 * The nightly fetch runs once per UTC day from this hour on: after midnight Pacific Time, when Google's daily
 * quota starts again, and after the site's own daily budget (UTC) did.
 */
export const NIGHTLY_HOUR_UTC = 9;

export interface DayRange {
  from: string;
  to: string;
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function dayCount(from: string, to: string): number {
  return Math.max(
    0,
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1,
  );
}

/** Every day from `from` to `to`, newest first. */
export function daysNewestFirst(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.to; day >= range.from; day = addDays(day, -1)) days.push(day);
  return days;
}

/** The newest day to ask YouTube for: yesterday (UTC). YouTube answers up to the last day it has complete. */
export function lastAskableDay(nowMs: number): string {
  return addDays(utcDay(nowMs), -1);
}

/** The first import's window: YOUTUBE_ANALYTICS_HISTORY_DAYS days ending yesterday. */
export function firstImportWindow(nowMs: number): DayRange {
  const to = lastAskableDay(nowMs);
  return { from: addDays(to, -(YOUTUBE_ANALYTICS_HISTORY_DAYS - 1)), to };
}

/** `range` cut into chunks of at most `size` days, newest first. */
export function chunksNewestFirst(range: DayRange, size = CHUNK_DAYS): DayRange[] {
  const chunks: DayRange[] = [];
  for (let to = range.to; to >= range.from; to = addDays(to, -size)) {
    const from = addDays(to, -(size - 1));
    chunks.push({ from: from < range.from ? range.from : from, to });
  }
  return chunks;
}

/**
 * The days every fetch reads (again): from YOUTUBE_ANALYTICS_REFETCH_DAYS days before `newest` (the newest day YouTube
 * had data for: it revises those) to yesterday; never older than the history kept. Null when nothing is askable.
 */
export function recentWindow(newest: string, nowMs: number): DayRange | null {
  const to = lastAskableDay(nowMs);
  const oldest = addDays(to, -(YOUTUBE_ANALYTICS_HISTORY_DAYS - 1));
  let from = addDays(newest, -(YOUTUBE_ANALYTICS_REFETCH_DAYS - 1));
  if (from < oldest) from = oldest;
  return from <= to ? { from, to } : null;
}

/**
 * A window an import reads newest first (the first import's, the revenue import's): every day from `to` down to
 * `next` (excluded) is read; done once `next` is before `from`.
 */
export interface ImportWindow extends DayRange {
  next: string;
}

/** An import's progress: days read of the window's. */
export function importProgress(window: ImportWindow): { done: number; total: number } {
  const total = dayCount(window.from, window.to);
  const left = window.next < window.from ? 0 : dayCount(window.from, window.next);
  return { done: total - left, total };
}

/** The next chunk an import reads: CHUNK_DAYS days ending at `next`, not before `from`; null once done. */
export function nextChunk(window: ImportWindow): DayRange | null {
  if (window.next < window.from) return null;
  const from = addDays(window.next, -(CHUNK_DAYS - 1));
  return { from: from < window.from ? window.from : from, to: window.next };
}

/** The revenue import's window as the state keeps it (three nullable columns); null while none was planned. */
export function revenueWindow(state: {
  revenueFrom: string | null;
  revenueTo: string | null;
  revenueNext: string | null;
}): ImportWindow | null {
  const { revenueFrom: from, revenueTo: to, revenueNext: next } = state;
  return from && to && next ? { from, to, next } : null;
}

/**
 * Whether a revenue import has days left to read. It reads only while revenue is granted: refused (or no longer
 * granted), it waits for a connection that grants it.
 */
export function revenueUnfinished(state: Parameters<typeof revenueWindow>[0] & { revenue: string }): boolean {
  const window = revenueWindow(state);
  return state.revenue === 'granted' && window !== null && nextChunk(window) !== null;
}

/** Whether the nightly fetch of `nowMs`'s day is due: from NIGHTLY_HOUR_UTC on, once per UTC day. */
export function nightlyDue(nightlyDay: string | null, nowMs: number): boolean {
  return new Date(nowMs).getUTCHours() >= NIGHTLY_HOUR_UTC && nightlyDay !== utcDay(nowMs);
}

/** When the next nightly fetch runs (epoch ms). */
export function nextNightly(nightlyDay: string | null, nowMs: number): number {
  const today = utcDay(nowMs);
  const todayAt = Date.parse(`${today}T${String(NIGHTLY_HOUR_UTC).padStart(2, '0')}:00:00Z`);
  if (nightlyDay !== today) return Math.max(todayAt, nowMs);
  return todayAt + 86_400_000;
}

/**
 * What a tick of a connected site finds due: the nightly fetch, going on with a first import or a revenue import, or
 * nothing.
 */
export function dueFetch(
  state:
    | (Parameters<typeof revenueUnfinished>[0] & {
        firstNext: string;
        firstFrom: string;
        nightlyDay: string | null;
        errorKind: string | null;
      })
    | null,
  nowMs: number,
): 'nightly' | 'resume' | null {
  if (nightlyDue(state?.nightlyDay ?? null, nowMs)) return 'nightly';
  if (!state) return 'resume';
  // Left half-done by a stopped process, or by Google out of reach: go on. After a quota stop, a refused grant or a
  // refused query, asking again every tick would only spend queries: the nightly fetch tries again.
  const unfinished = state.firstNext >= state.firstFrom || revenueUnfinished(state);
  return unfinished && (state.errorKind === null || state.errorKind === 'unreachable') ? 'resume' : null;
}
