import type { NotificationDelivery } from '@app/contracts';
import { deliveryLines } from './deliveries';

const d = (fields: Partial<NotificationDelivery>): NotificationDelivery => ({
  target: 'discord',
  videoId: 'v1',
  ok: true,
  status: 204,
  error: null,
  ...fields,
});

describe('a sync run’s deliveries', () => {
  it('counts each target’s deliveries, its retries and its first failure', () => {
    expect(
      deliveryLines([
        d({ target: 'email', status: 250, attempts: 2 }),
        d({ target: 'discord' }),
        d({ target: 'email', ok: false, status: 550, error: '550 Mailbox unavailable', attempts: 1 }),
        d({ target: 'webhook', ok: false, status: 500, error: 'HTTP 500' }),
        d({ target: 'discord', videoId: 'v2' }),
      ]),
    ).toEqual([
      'Discord: 2 of 2 sent',
      'webhook: 0 of 1 sent; failed: HTTP 500',
      'e-mail: 1 of 2 sent (1 after a retry); failed: 550 Mailbox unavailable',
    ]);
  });

  it('says nothing when nothing was due', () => {
    expect(deliveryLines([])).toEqual([]);
  });
});
