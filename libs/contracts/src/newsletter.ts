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
 * - `confirm`: a confirmation e-mail is on its way (double opt-in: Mailchimp's, or the site's own when an SMTP
 *   server is set).
 * An address already on the list gets the answer a new one would (issue 25): the form does not tell anyone
 * which addresses are signed up.
 */
export const newsletterSubscribeResultSchema = z.object({
  status: z.enum(['subscribed', 'confirm']),
  /**
   * Which answer (issue 26): the site shows its own words for it, in the site's language; `message` is the same
   * in English (`confirmLater`: Mailchimp was slow, its e-mail may take a few minutes).
   */
  code: z.enum(['subscribed', 'confirm', 'confirmLater']),
  message: z.string(),
});
export type NewsletterSubscribeResult = z.infer<typeof newsletterSubscribeResultSchema>;

/** Answer of `GET /api/admin/newsletter/summary` (admin): feeds the "100 newsletter subscribers" goal. */
export const newsletterSummarySchema = z.object({
  /**
   * Addresses signed up through the site (local list, including those waiting for Mailchimp), not counting
   * those still to confirm their address.
   */
  subscribers: z.number().int().nonnegative(),
  /** Local sign-ups waiting for the visitor to follow the e-mailed confirmation link (issue 25). */
  pendingConfirmation: z.number().int().nonnegative(),
  /** Addresses not yet accepted by Mailchimp (it was down); retried. */
  pendingSync: z.number().int().nonnegative(),
  /** Where sign-ups go now. */
  provider: z.enum(['mailchimp', 'local']),
  /**
   * How new sign-ups are confirmed: by Mailchimp's e-mail, by the site's own e-mail (SMTP is set), or `none`:
   * without SMTP the local list is unconfirmed (anyone can add any address).
   */
  optIn: z.enum(['mailchimp', 'email', 'none']),
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
