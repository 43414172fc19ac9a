/**
 * The `code`s of the API's error answers (`apiErrorSchema`) that a visitor may see, so the public site says them
 * in its own language (issue 26). Zod-free: the public page imports it.
 */
export const VISITOR_ERROR_CODES = {
  /** 429 on the newsletter sign-up; values: `minutes` (until the next try). */
  newsletterThrottled: 'newsletter-throttled',
  /** 400: Mailchimp refused the address for good; values: `reason` (Mailchimp's words). */
  newsletterRefused: 'newsletter-refused',
} as const;
