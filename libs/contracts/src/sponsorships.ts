import { z } from 'zod';
import { videoIdSchema } from './video';

/**
 * Sponsorship deals the owner records under Monetization → Sponsorships (issue 13). Amounts are USD. A deal names
 * the videos it sponsors and the sponsor's link (`url`): its sponsor report (sponsor-reports.ts) shows those
 * videos' YouTube figures and the site's own clicks on that link.
 */

export const SPONSORSHIP_MAX_AMOUNT_USD = 10_000_000;
/** Videos one deal may name. */
export const SPONSORSHIP_MAX_VIDEOS = 10;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day `YYYY-MM-DD` that exists (no time, no time zone). */
export const calendarDateSchema = z
  .string()
  .regex(DATE, 'must be a date like 2026-01-31')
  .refine(
    // Only a well-formed day is checked here (the regex names the other case).
    (value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !DATE.test(value) || (!Number.isNaN(time) && new Date(time).toISOString().startsWith(value));
    },
    'must be a real date',
  );

/** Body of `POST /api/admin/sponsorships` and `PUT /api/admin/sponsorships/{id}`. */
export const sponsorshipInputSchema = z
  .strictObject({
    sponsorName: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    url: z
      .string()
      .trim()
      .max(2048, 'must be at most 2048 characters')
      .pipe(z.url({ protocol: /^https$/, message: 'must be an https:// URL' })),
    message: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
    amountUsd: z
      .number('must be a number')
      .nonnegative('must be 0 or more')
      .max(SPONSORSHIP_MAX_AMOUNT_USD, `must be at most ${SPONSORSHIP_MAX_AMOUNT_USD}`)
      .refine(
        (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
        'must have at most 2 decimals',
      ),
    startDate: calendarDateSchema,
    endDate: calendarDateSchema,
    /** The sponsored videos (ids of the site's videos; a backup's deals are taken as they are). */
    videoIds: z
      .array(videoIdSchema)
      .max(SPONSORSHIP_MAX_VIDEOS, `must name at most ${SPONSORSHIP_MAX_VIDEOS} videos`)
      .refine((ids) => new Set(ids).size === ids.length, 'must not name a video twice')
      .default([]),
  })
  .refine(
    (deal) => !DATE.test(deal.startDate) || !DATE.test(deal.endDate) || deal.endDate >= deal.startDate,
    {
      path: ['endDate'],
      message: 'must be on or after startDate',
    },
  );
export type SponsorshipInput = z.input<typeof sponsorshipInputSchema>;

/** One deal as the API answers it. */
export const sponsorshipSchema = z.object({
  id: z.number().int().positive(),
  sponsorName: z.string(),
  url: z.string(),
  message: z.string(),
  amountUsd: z.number().nonnegative(),
  startDate: z.string(),
  endDate: z.string(),
  /** The sponsored videos, in the order the owner named them. */
  videoIds: z.array(z.string()),
});
export type Sponsorship = z.infer<typeof sponsorshipSchema>;

/** Answer of `GET /api/admin/sponsorships`: every deal, the latest start first. */
export const sponsorshipListSchema = z.object({ sponsorships: z.array(sponsorshipSchema) });
export type SponsorshipList = z.infer<typeof sponsorshipListSchema>;

export const sponsorshipIdSchema = z.coerce
  .number('must be a number')
  .int('must be a whole number')
  .positive();

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/**
 * The sponsorship money that falls in the month of `today` (`YYYY-MM-DD`): each deal's amount spread evenly
 * over its days (start and end included), and the share of the days inside the month; rounded to cents.
 */
export function sponsorshipsInMonth(
  deals: readonly Pick<Sponsorship, 'amountUsd' | 'startDate' | 'endDate'>[],
  today: string,
): number {
  const [year, month] = today.split('-').map(Number);
  const first = Date.UTC(year, month - 1, 1) / DAY_MS;
  const last = Date.UTC(year, month, 0) / DAY_MS;
  const cents = deals.reduce((sum, deal) => {
    const start = dayNumber(deal.startDate);
    const end = dayNumber(deal.endDate);
    const inside = Math.min(end, last) - Math.max(start, first) + 1;
    return inside > 0 ? sum + (deal.amountUsd * 100 * inside) / (end - start + 1) : sum;
  }, 0);
  return Math.round(cents) / 100;
}
