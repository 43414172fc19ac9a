import { z } from 'zod';

/** E-mail notifications (issue 14): the test message and the weekly summary. */

/**
 * Answer of `POST /api/integrations/email/send-test` (admin): one real message to the notification
 * address. A refused or failed message is still a 200 with `ok: false` and the server's words.
 */
export const emailSendTestResultSchema = z.object({
  ok: z.boolean(),
  /** The address it went to ('' when none is set). */
  to: z.string(),
  /** What happened, in the SMTP server's own words. */
  message: z.string(),
  /** The SMTP reply code of the server's last answer, when there was one (250 when accepted). */
  status: z.number().int().nullable(),
});
export type EmailSendTestResult = z.infer<typeof emailSendTestResultSchema>;

export const weeklySummaryOutcomes = ['running', 'sent', 'failed'] as const;

/** One weekly summary e-mail (the `notification_run` history). */
export const weeklySummaryRunSchema = z.object({
  /** The week it covers, by its send time: ISO week `2026-W48`. */
  week: z.string(),
  /** ISO 8601: the seven days it covers, [from, to). */
  from: z.string(),
  to: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: z.enum(weeklySummaryOutcomes),
  recipient: z.string(),
  /** New videos it listed. */
  videos: z.number().int().nonnegative(),
  attempts: z.number().int().nonnegative(),
  /** SMTP reply code of the last answer, when there was one. */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WeeklySummaryRun = z.infer<typeof weeklySummaryRunSchema>;

/** Answer of `GET /api/admin/weekly-summary` (admin). */
export const weeklySummaryStatusSchema = z.object({
  enabled: z.boolean(),
  /** ISO 8601: when the next summary is due (Mondays 08:00 UTC). */
  nextAt: z.string(),
  /** The most recent summary, or null before the first. */
  lastRun: weeklySummaryRunSchema.nullable(),
});
export type WeeklySummaryStatus = z.infer<typeof weeklySummaryStatusSchema>;
