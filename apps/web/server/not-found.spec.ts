import { CACHE_NONE } from './headers';
import { contentSecurityPolicyFor } from './page-csp';
import { INDEX_HTML, useFakeStack } from './test/fake-stack';
import { ACCEPT_HTML, send } from './test/raw-request';

describe('not-found.ts', () => {
  const stack = useFakeStack();

  it.each(['/admin', '/admin/', '/Admin'])(
    'falls back to the SPA for its page %s, with a 200',
    async (path) => {
      const reply = await send(stack.web.port, path);
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe(CACHE_NONE);
      expect(reply.body.toString()).toContain('SPA-INDEX');
    },
  );

  it('answers every path that shows the not-found page with a 404, the first visit and every one after', async () => {
    // Asked in turn with a page between them: the shell kept for the one must not carry its status to the other.
    for (const path of [
      '/nonexistent',
      '/admin',
      '/no/such/page',
      '/',
      '/apix',
      '/index',
      '/index.html',
      '/admin/x',
    ]) {
      for (const visit of [1, 2]) {
        const reply = await send(stack.web.port, path);
        expect({ path, visit, status: reply.status }).toEqual({
          path,
          visit,
          status: ['/', '/admin'].includes(path) ? 200 : 404,
        });
        expect(reply.headers['cache-control']).toBe(CACHE_NONE);
        expect(reply.body.toString()).toContain('SPA-INDEX');
      }
    }
  });

  it.each(['/assets/missing.js', '/missing.png', '/assets/nothing-here'])(
    'answers 404 for the missing file %s instead of the SPA',
    async (path) => {
      const reply = await send(stack.web.port, path);
      expect(reply.status).toBe(404);
      expect(reply.body.toString()).not.toContain('SPA-INDEX');
    },
  );

  it.each(['/about.html', '/index.php', '/missing.png'])(
    'answers a browser navigating to the missing file %s with the SPA (its 404 page) and a 404',
    async (path) => {
      const reply = await send(stack.web.port, path, {
        headers: { Accept: ACCEPT_HTML },
      });
      expect(reply.status).toBe(404);
      expect(reply.body.toString()).toContain('SPA-INDEX');
      expect(reply.headers['content-security-policy']).toBe(contentSecurityPolicyFor(INDEX_HTML));
      expect(reply.headers['cache-control']).toBe(CACHE_NONE);
    },
  );

  it('answers a missing build asset with a plain 404 even to a browser (as nginx does)', async () => {
    const reply = await send(stack.web.port, '/assets/missing.js', { headers: { Accept: 'text/html' } });
    expect(reply.status).toBe(404);
    expect(reply.body.toString()).not.toContain('SPA-INDEX');
  });

  it('does not answer POST to a page path with the SPA', async () => {
    const reply = await send(stack.web.port, '/admin', { method: 'POST', body: '{}' });
    expect(reply.status).toBe(404);
  });
});
