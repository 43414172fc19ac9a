import type { FakeWebsubRequest } from '@app/contracts/fake-services';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningFakeHub, startFakeWebsubHub } from './server';

const SECRET = 'subscriber-secret';
const TOPIC = 'https://www.youtube.com/xml/feeds/videos.xml?channel_id=UCabc';

describe('fake WebSub hub', () => {
  let hub: RunningFakeHub;
  let callback: Server;
  let callbackUrl: string;
  let echo = true;
  const seen: { method: string; url: string; signature?: string; body: string }[] = [];

  beforeAll(async () => {
    hub = await startFakeWebsubHub();
    callback = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        const signature = req.headers['x-hub-signature'];
        seen.push({ method: req.method ?? '', url: req.url ?? '', signature: signature as string, body });
        const challenge = new URL(req.url ?? '/', 'http://x').searchParams.get('hub.challenge');
        if (req.method === 'GET' && echo && challenge) return void res.writeHead(200).end(challenge);
        res.writeHead(req.method === 'GET' ? 404 : 204).end();
      });
    });
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/cb`;
  });
  afterAll(async () => {
    await hub.close();
    callback.close();
  });
  beforeEach(async () => {
    seen.length = 0;
    echo = true;
    await fetch(`${hub.controlUrl}/reset`, { method: 'POST' });
  });

  const subscribe = (callback = callbackUrl) =>
    fetch(hub.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        'hub.mode': 'subscribe',
        'hub.topic': TOPIC,
        'hub.callback': callback,
        'hub.secret': SECRET,
        'hub.lease_seconds': '3600',
      }).toString(),
    });
  const requests = async () =>
    (await (await fetch(`${hub.controlUrl}/requests`)).json()) as FakeWebsubRequest[];
  const verified = async () => {
    for (let i = 0; i < 100; i++) {
      const request = (await requests()).at(-1);
      if (request?.verification) return request;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('never verified');
  };
  const publish = (signing: string, times = 1) =>
    fetch(`${hub.controlUrl}/publish`, {
      method: 'POST',
      body: JSON.stringify({ topic: TOPIC, xml: '<feed/>', signing, times }),
    }).then((r) => r.json());

  it('verifies the intent with a challenge, then publishes signed, wrongly signed and unsigned bodies', async () => {
    expect((await subscribe()).status).toBe(202);
    expect(await verified()).toMatchObject({ secret: SECRET, verification: { status: 200, echoed: true } });
    const get = new URL(seen[0].url, 'http://x').searchParams;
    expect([get.get('hub.mode'), get.get('hub.topic'), get.get('hub.lease_seconds')]).toEqual([
      'subscribe',
      TOPIC,
      '3600',
    ]);

    expect(await publish('good', 2)).toEqual({ statuses: [204, 204] });
    const good = `sha1=${createHmac('sha1', SECRET).update('<feed/>').digest('hex')}`;
    expect(seen.slice(1).map((s) => s.signature)).toEqual([good, good]);
    await publish('bad');
    expect(seen[3].signature).toMatch(/^sha1=[0-9a-f]{40}$/);
    expect(seen[3].signature).not.toBe(good);
    await publish('none');
    expect(seen[4].signature).toBeUndefined();
  });

  it('calls back the exact callback URL, its query string kept, and holds requests unverified when asked', async () => {
    const withToken = `${callbackUrl}?token=t0k3n`;
    const control = (path: string, body: unknown) =>
      fetch(`${hub.controlUrl}/${path}`, { method: 'POST', body: JSON.stringify(body) });
    await control('hold', { hold: true });
    expect((await subscribe(withToken)).status).toBe(202);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([]);
    expect(await requests()).toEqual([expect.objectContaining({ callback: withToken, verification: null })]);
    await control('hold', { hold: false });

    await subscribe(withToken);
    expect(await verified()).toMatchObject({ verification: { status: 200, echoed: true } });
    const get = new URL(seen[0].url, 'http://x');
    expect([get.pathname, get.searchParams.get('token'), get.searchParams.get('hub.mode')]).toEqual([
      '/cb',
      't0k3n',
      'subscribe',
    ]);
    expect(await publish('good')).toEqual({ statuses: [204] });
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/cb?token=t0k3n' });
  });

  it('keeps no subscription whose callback does not echo the challenge', async () => {
    echo = false;
    await subscribe();
    expect(await verified()).toMatchObject({ verification: { status: 404, echoed: false } });
    expect(await publish('good')).toEqual({ statuses: [] });
  });
});
