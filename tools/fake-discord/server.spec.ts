import { FAKE_WEBHOOK, type RunningFakeDiscord, startFakeDiscord } from './server';

describe('fake Discord', () => {
  let fake: RunningFakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.setFault(null));

  it('answers the webhook on GET without posting, as Discord does', async () => {
    const res = await fetch(fake.webhookUrl);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: FAKE_WEBHOOK.name, channel_id: FAKE_WEBHOOK.channel_id });
  });

  it('answers Discord errors: 401 for a wrong token, 404 Unknown Webhook for an unknown id', async () => {
    const wrongToken = await fetch(`${fake.url}/api/webhooks/${FAKE_WEBHOOK.id}/nope`);
    expect([wrongToken.status, await wrongToken.json()]).toEqual([
      401,
      { message: 'Invalid Webhook Token', code: 50027 },
    ]);
    const unknown = await fetch(`${fake.url}/api/webhooks/1/${FAKE_WEBHOOK.token}`);
    expect([unknown.status, await unknown.json()]).toEqual([
      404,
      { message: 'Unknown Webhook', code: 10015 },
    ]);
  });

  it('accepts a message and records it', async () => {
    const res = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'hi' }),
    });
    expect(res.status).toBe(204);
    expect(fake.requests().at(-1)).toMatchObject({ method: 'POST', body: '{"content":"hi"}' });
  });

  it('injects faults through its control API: a status, a redirect, a slow answer, a dropped connection', async () => {
    const setFault = (fault: unknown) =>
      fetch(`${fake.controlUrl}/fault`, { method: 'POST', body: JSON.stringify(fault) });
    await setFault({ type: 'status', status: 503, body: { message: 'Service Unavailable' } });
    expect((await fetch(fake.webhookUrl)).status).toBe(503);
    await setFault({ type: 'redirect', location: 'http://10.0.0.1/' });
    const redirected = await fetch(fake.webhookUrl, { redirect: 'manual' });
    expect([redirected.status, redirected.headers.get('location')]).toEqual([302, 'http://10.0.0.1/']);
    await setFault({ type: 'slow', delayMs: 300 });
    const started = Date.now();
    expect((await fetch(fake.webhookUrl)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await setFault({ type: 'drop' });
    await expect(fetch(fake.webhookUrl)).rejects.toThrow();
    expect((await setFault({ type: 'nonsense' })).status).toBe(400);
    await fetch(`${fake.controlUrl}/fault`, { method: 'DELETE' });
    expect((await fetch(fake.webhookUrl)).status).toBe(200);
  });
});
