/** The weekly summary goes out on Mondays at 08:00 UTC (docs/integrations/email.md). */
export const SUMMARY_WEEKDAY_NAME = 'Monday';
export const SUMMARY_HOUR_UTC = 8;

const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;

export interface SummaryWeek {
  /** ISO week of `sendAt`, `2026-W48`: the key that makes the summary once per week. */
  key: string;
  /** The Monday 08:00 UTC on or before now: when this week's summary became due. */
  sendAt: Date;
  /** The seven days it covers: [sendAt − 7 days, sendAt). */
  from: Date;
  to: Date;
}

/** ISO 8601 week (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  d.setUTCDate(d.getUTCDate() - weekday + 3); // the Thursday of the same week names its year
  const year = d.getUTCFullYear();
  const week = 1 + Math.floor((d.getTime() - Date.UTC(year, 0, 1)) / WEEK_MS);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The summary week `now` falls in: the latest Monday 08:00 UTC at or before it, and the days it covers. */
export function summaryWeek(now: number | Date): SummaryWeek {
  const t = typeof now === 'number' ? now : now.getTime();
  const d = new Date(t);
  const weekday = (d.getUTCDay() + 6) % 7;
  let sendAt = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - weekday, SUMMARY_HOUR_UTC);
  if (sendAt > t) sendAt -= WEEK_MS;
  return {
    key: isoWeek(new Date(sendAt)),
    sendAt: new Date(sendAt),
    from: new Date(sendAt - WEEK_MS),
    to: new Date(sendAt),
  };
}

/** When the next summary is due after `now`. */
export const nextSummaryAt = (now: number | Date): Date =>
  new Date(summaryWeek(now).sendAt.getTime() + WEEK_MS);
