import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of a custom webhook delivery (docs/webhooks.md). */
export const WEBHOOK_HEADERS = {
  event: 'X-Webhook-Event',
  id: 'X-Webhook-Id',
  timestamp: 'X-Webhook-Timestamp',
  signature: 'X-Webhook-Signature',
} as const;

/** `sha256=` + hex HMAC-SHA256 of the raw body with the shared secret. */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** What a receiver does: recompute the signature over the raw body and compare in constant time. */
export function verifyWebhookSignature(body: string, secret: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWebhookBody(body, secret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
