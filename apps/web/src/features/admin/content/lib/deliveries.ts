import type { NotificationDelivery } from '@app/contracts';

const TARGET_NAMES: Record<NotificationDelivery['target'], string> = {
  discord: 'Discord',
  webhook: 'webhook',
  email: 'e-mail',
};

/**
 * One line per notification target of a sync run: how many of its new-video deliveries went out, retries,
 * and the first failure's words, e.g. `e-mail: 1 of 2 sent (1 after a retry); failed: 550 Mailbox unavailable`.
 */
export function deliveryLines(deliveries: NotificationDelivery[]): string[] {
  const order = Object.keys(TARGET_NAMES) as NotificationDelivery['target'][];
  return order.flatMap((target) => {
    const of = deliveries.filter((d) => d.target === target);
    if (!of.length) return [];
    const sent = of.filter((d) => d.ok);
    const retried = sent.filter((d) => (d.attempts ?? 1) > 1).length;
    const failed = of.find((d) => !d.ok);
    let line = `${TARGET_NAMES[target]}: ${sent.length} of ${of.length} sent`;
    if (retried) line += ` (${retried} after a retry)`;
    if (failed) line += `; failed: ${failed.error ?? `status ${failed.status}`}`;
    return [line];
  });
}
