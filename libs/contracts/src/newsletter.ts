import { z } from 'zod';

/** Newsletter sign-up from the community section's Subscribe (issue 14). */

/** Body of `POST /api/newsletter/subscribe` (public, rate-limited). */
export const newsletterSubscribeSchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('must be an e-mail address')),
  /** Honeypot: hidden from people, so a filled one means a bot; the answer looks the same, nothing is kept. */
  website: z.string().max(200).optional(),
});
export type NewsletterSubscribe = z.input<typeof newsletterSubscribeSchema>;

/**
 * Answer of `POST /api/newsletter/subscribe` (200):
 * - `subscribed`: added (to the local list, or to Mailchimp without double opt-in);
 * - `confirm`: Mailchimp sent a confirmation e-mail (double opt-in).
 * An address already on the list gets the answer a new one would (issue 25): the form does not tell anyone
 * which addresses are signed up.
 */
export const newsletterSubscribeResultSchema = z.object({
  status: z.enum(['subscribed', 'confirm']),
  message: z.string(),
});
export type NewsletterSubscribeResult = z.infer<typeof newsletterSubscribeResultSchema>;

/** Answer of `GET /api/admin/newsletter/summary` (admin): feeds the "100 newsletter subscribers" goal. */
export const newsletterSummarySchema = z.object({
  /** Addresses signed up through the site (local list, including those waiting for Mailchimp). */
  subscribers: z.number().int().nonnegative(),
  /** Addresses not yet accepted by Mailchimp (it was down); retried. */
  pendingSync: z.number().int().nonnegative(),
  /** Where sign-ups go now. */
  provider: z.enum(['mailchimp', 'local']),
});
export type NewsletterSummary = z.infer<typeof newsletterSummarySchema>;

/**
 * Answer of `DELETE /api/admin/newsletter/subscribers/{email}` (admin, a privacy request): the local row is
 * gone; `mailchimp` says what happened to the member in the Mailchimp audience (`deleted` for good or never
 * there, `failed` with Mailchimp's words, `not-configured` when no Mailchimp audience is set).
 */
export const newsletterDeleteResultSchema = z.object({
  email: z.string(),
  mailchimp: z.enum(['deleted', 'failed', 'not-configured']),
  message: z.string(),
});
export type NewsletterDeleteResult = z.infer<typeof newsletterDeleteResultSchema>;
