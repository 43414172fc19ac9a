import { FAKE_AUDIENCE, FAKE_MAILCHIMP_KEY, type RunningFakeMailchimp, startFakeMailchimp } from './server';

type Problem = { title: string; detail: string };

const basic = (key: string) => ({ Authorization: `Basic ${Buffer.from(`any:${key}`).toString('base64')}` });

describe('fake Mailchimp', () => {
  let fake: RunningFakeMailchimp;
  const api = (dc: string, path: string) => `${fake.apiBaseUrl.replace('{dc}', dc)}${path}`;
  beforeAll(async () => {
    fake = await startFakeMailchimp();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.setFault(null));

  it('answers ping on the data centre the key names', async () => {
    const res = await fetch(api('us6', '/ping'), { headers: basic(FAKE_MAILCHIMP_KEY) });
    expect([res.status, await res.json()]).toEqual([200, { health_status: "Everything's Chimpy!" }]);
  });

  it('refuses a missing key, another key and the wrong data centre as Mailchimp does', async () => {
    const missing = await fetch(api('us6', '/ping'));
    expect([missing.status, ((await missing.json()) as Problem).title]).toEqual([401, 'API Key Missing']);
    const wrongKey = await fetch(api('us6', '/ping'), { headers: basic('nope-us6') });
    expect([wrongKey.status, ((await wrongKey.json()) as Problem).title]).toEqual([401, 'API Key Invalid']);
    const wrongDc = await fetch(api('us1', '/ping'), { headers: basic(FAKE_MAILCHIMP_KEY) });
    expect([wrongDc.status, ((await wrongDc.json()) as Problem).detail]).toEqual([
      401,
      "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
    ]);
  });

  it('answers its audience with name and member count, 404 for another id', async () => {
    const res = await fetch(api('us6', `/lists/${FAKE_AUDIENCE.id}`), { headers: basic(FAKE_MAILCHIMP_KEY) });
    expect(await res.json()).toMatchObject({ name: FAKE_AUDIENCE.name, stats: { member_count: 42 } });
    const other = await fetch(api('us6', '/lists/zzz'), { headers: basic(FAKE_MAILCHIMP_KEY) });
    expect([other.status, ((await other.json()) as Problem).title]).toEqual([404, 'Resource Not Found']);
  });

  it('injects a 5xx and records the requests', async () => {
    fake.setFault({ type: 'status', status: 500, body: { title: 'Internal Server Error', status: 500 } });
    expect((await fetch(api('us6', '/ping'), { headers: basic(FAKE_MAILCHIMP_KEY) })).status).toBe(500);
    expect(fake.requests().at(-1)).toMatchObject({ method: 'GET', path: '/us6/3.0/ping' });
  });
});
