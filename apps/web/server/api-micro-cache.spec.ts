import { echoOf, send } from './test/raw-request';
import { useFakeStack } from './test/fake-stack';
import { expiresThisSecond, keptUntil } from '@app/node-server';
import { sleep } from '@app/node-server/raw-http';

describe('api-micro-cache.ts', () => {
  const stack = useFakeStack();

  describe('the micro-cache of the API’s answers, as nginx’s', () => {
    const startOfSecond = () => sleep(1020 - (Date.now() % 1000));
    const get = (path: string, headers: Record<string, string> = {}) =>
      send(stack.web.port, path, { headers });

    it('answers anonymous GETs from memory until the end of the second, one request filling it under a burst', async () => {
      await startOfSecond();
      const answers = await Promise.all(Array.from({ length: 20 }, () => get('/api/public/slow')));
      expect(answers.every((a) => a.status === 200 && echoOf(a).url === '/api/public/slow')).toBe(true);
      expect(stack.api.publicCalls.get('/api/public/slow')).toBe(1);
      const hit = await get('/api/public/slow');
      expect(hit.headers['x-cache-status']).toBe('HIT');
      expect(hit.headers.connection).not.toBe('close');
      await get('/api/public/slow?limit=2');
      expect(stack.api.publicCalls.get('/api/public/slow?limit=2')).toBe(1);
      await sleep(1000);
      await get('/api/public/slow');
      expect(stack.api.publicCalls.get('/api/public/slow')).toBe(2);
    });

    it('keeps an answer only as long as its X-Accel-Expires says, as nginx does', async () => {
      await startOfSecond();
      for (let i = 0; i < 3; i++) await get('/api/public/unnamed');
      expect(stack.api.publicCalls.get('/api/public/unnamed')).toBe(3);
      const kept = await get('/api/public/named');
      expect(kept.headers['x-cache-status']).toBe('MISS');
      expect((await get('/api/public/named')).headers['x-cache-status']).toBe('HIT');
    });

    it('answers a matching If-None-Match with 304 from memory', async () => {
      await startOfSecond();
      const first = await get('/api/public/etag');
      const again = await get('/api/public/etag', { 'If-None-Match': first.headers.etag as string });
      expect(again.status).toBe(304);
      expect(stack.api.publicCalls.get('/api/public/etag')).toBe(1);
    });

    it('bypasses it with the session cookie, and never keeps a no-store answer', async () => {
      await startOfSecond();
      await get('/api/public/session');
      for (const cookie of ['sid=s%3Aadmin', '_ga=1; sid =s%3Aadmin']) {
        const signedIn = await get('/api/public/session', { Cookie: cookie });
        expect(signedIn.headers['x-cache-status']).toBeUndefined();
        expect(echoOf(signedIn).headers.cookie).toBe(cookie);
      }
      expect(stack.api.publicCalls.get('/api/public/session')).toBe(3);
      const first = await get('/api/channel/stats', { 'X-Probe': '1' });
      const second = await get('/api/channel/stats', { 'X-Probe': '2' });
      expect(first.headers['cache-control']).toBe('no-store');
      expect(second.headers['x-cache-status']).not.toBe('HIT');
      expect(echoOf(second).headers['x-forwarded-host']).toBeDefined();
    });
  });

  describe('keptUntil: X-Accel-Expires read as nginx reads it', () => {
    const now = 1_700_000_000_250;
    it('keeps `@<this second>` to the end of the second, `<n>` n seconds, and nothing else', () => {
      expect(keptUntil(expiresThisSecond(now), now)).toBe(1_700_000_001_000);
      expect(keptUntil('@1699999999', now)).toBeUndefined();
      expect(keptUntil('5', now)).toBe(now + 5000);
      for (const header of [undefined, '0', '', 'soon', '-1', '@', '1e3'])
        expect(keptUntil(header, now)).toBeUndefined();
    });
  });
});
