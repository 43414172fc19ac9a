import { createHash } from 'node:crypto';
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

  describe('audience members (the newsletter sign-up)', () => {
    const hash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');
    const member = (email: string, init: RequestInit = {}, suffix = '') =>
      fetch(api('us6', `/lists/${FAKE_AUDIENCE.id}/members/${hash(email)}${suffix}`), {
        ...init,
        headers: { ...basic(FAKE_MAILCHIMP_KEY), 'Content-Type': 'application/json' },
      });
    const put = (email: string, body: unknown) =>
      member(email, { method: 'PUT', body: JSON.stringify(body) });

    it('adds a member as status_if_new says, keeps an existing one, and forgets them on reset', async () => {
      const first = await put('Ann@Mail.test', { email_address: 'Ann@Mail.test', status_if_new: 'pending' });
      expect([first.status, await first.json()]).toEqual([
        200,
        {
          id: hash('ann@mail.test'),
          list_id: FAKE_AUDIENCE.id,
          email_address: 'Ann@Mail.test',
          status: 'pending',
        },
      ]);
      const again = await put('ann@mail.test', {
        email_address: 'ann@mail.test',
        status_if_new: 'subscribed',
      });
      expect(((await again.json()) as { status: string }).status).toBe('pending');
      expect((await member('ann@mail.test')).status).toBe(200);
      await fetch(`${fake.controlUrl}/reset`, { method: 'POST' });
      expect((await member('ann@mail.test')).status).toBe(404);
    });

    it('answers 400 Invalid Resource for a fake-looking address, a wrong hash or no status', async () => {
      const titles = async (res: Response) => [res.status, ((await res.json()) as Problem).title];
      expect(
        await titles(
          await put('x@example.com', { email_address: 'x@example.com', status_if_new: 'pending' }),
        ),
      ).toEqual([400, 'Invalid Resource']);
      expect(
        await titles(await put('a@mail.test', { email_address: 'b@mail.test', status_if_new: 'pending' })),
      ).toEqual([400, 'Invalid Resource']);
      expect(await titles(await put('a@mail.test', { email_address: 'a@mail.test' }))).toEqual([
        400,
        'Invalid Resource',
      ]);
    });

    it('deletes a member permanently, 404 when absent', async () => {
      await put('del@mail.test', { email_address: 'del@mail.test', status_if_new: 'pending' });
      const erase = () => member('del@mail.test', { method: 'POST' }, '/actions/delete-permanent');
      expect((await erase()).status).toBe(204);
      expect((await erase()).status).toBe(404);
    });

    it('a 503 or a hang comes from the fault, like every other route', async () => {
      fake.setFault({ type: 'status', status: 503, body: { title: 'Service Unavailable', status: 503 } });
      expect(
        (await put('c@mail.test', { email_address: 'c@mail.test', status_if_new: 'pending' })).status,
      ).toBe(503);
      fake.setFault({ type: 'slow', delayMs: 300 });
      const started = Date.now();
      await put('c@mail.test', { email_address: 'c@mail.test', status_if_new: 'pending' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    });
  });
});
