import { createHmac } from 'node:crypto';
import { signWebhookBody, verifyWebhookSignature } from './webhook-signature';

describe('webhook signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body', () => {
    const body = '{"event":"video.published"}';
    expect(signWebhookBody(body, 'secret')).toBe(
      `sha256=${createHmac('sha256', 'secret').update(body).digest('hex')}`,
    );
  });

  it('verifies only the same body with the same secret', () => {
    const signature = signWebhookBody('{"a":1}', 's');
    expect(verifyWebhookSignature('{"a":1}', 's', signature)).toBe(true);
    expect(verifyWebhookSignature('{"a":2}', 's', signature)).toBe(false);
    expect(verifyWebhookSignature('{"a":1}', 't', signature)).toBe(false);
    expect(verifyWebhookSignature('{"a":1}', 's', undefined)).toBe(false);
    expect(verifyWebhookSignature('{"a":1}', 's', 'sha256=00')).toBe(false);
  });
});
