import { useFakeStack } from './test/fake-stack';
import { type Echo, echoOf, send, sendWithoutHost } from './test/raw-request';
import type { RunningWebServer } from './web-app';

describe('proxy-trust.ts', () => {
  const stack = useFakeStack();

  describe('behind a trusted front proxy (TRUST_PROXY, nginx in docker-compose)', () => {
    let behind: RunningWebServer;
    beforeAll(async () => {
      behind = await stack.start({ trustProxy: true });
    });
    const fromFront = {
      Host: 'web:4200',
      'X-Forwarded-Host': 'videos.example.org',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-For': '6.6.6.6, 203.0.113.9',
    };

    it('passes the front’s protocol, host and chain on, the visitor last, without adding the front', async () => {
      const echo = echoOf(await send(behind.port, '/api/x', { headers: fromFront }));
      expect(echo.headers['x-forwarded-proto']).toBe('https');
      expect(echo.headers['x-forwarded-host']).toBe('videos.example.org');
      expect(echo.headers.host).toBe('videos.example.org');
      expect(echo.headers['x-forwarded-for']).toBe('6.6.6.6, 203.0.113.9');
    });

    it('builds the page with the visitor’s origin (the session cookie would be Secure behind TLS)', async () => {
      const page = (await send(behind.port, '/', { headers: fromFront })).body.toString();
      expect(page).toContain('<title>Head for https://videos.example.org</title>');
    });

    it('refuses a forwarded Host no URL can hold, as a direct one', async () => {
      const reply = await send(behind.port, '/', { headers: { ...fromFront, 'X-Forwarded-Host': 'a b' } });
      expect(reply.status).toBe(400);
    });

    it.each(['javascript', 'ftp', 'http s', ', https'])(
      'refuses the forwarded protocol %j with a 400, for pages and the API, as the API does',
      async (proto) => {
        for (const path of ['/', '/api/x']) {
          const reply = await send(behind.port, path, {
            headers: { ...fromFront, 'X-Forwarded-Proto': proto },
          });
          expect({ path, status: reply.status, body: reply.body.toString() }).toEqual({
            path,
            status: 400,
            body: 'Bad request: invalid X-Forwarded-Proto header',
          });
        }
      },
    );

    it('takes the first forwarded protocol in any case, and its own when the front names none', async () => {
      const first = await send(behind.port, '/api/x', {
        headers: { ...fromFront, 'X-Forwarded-Proto': 'HTTPS, http' },
      });
      expect(echoOf(first).headers['x-forwarded-proto']).toBe('https');
      const none = await send(behind.port, '/api/x', { headers: { ...fromFront, 'X-Forwarded-Proto': '' } });
      expect(echoOf(none).headers['x-forwarded-proto']).toBe('http');
    });
  });

  it("names this server's address, never the API's, for a request without a Host", async () => {
    const own = `127.0.0.1:${stack.web.port}`;
    const page = await sendWithoutHost(stack.web.port, '/');
    expect(page).toContain(`<title>Head for http://${own}</title>`);
    const proxied = await sendWithoutHost(stack.web.port, '/api/x');
    const echo = JSON.parse(proxied.slice(proxied.indexOf('\r\n\r\n') + 4)) as Echo;
    expect(echo.headers.host).toBe(own);
    expect(echo.headers['x-forwarded-host']).toBe(own);
    expect(page + proxied).not.toContain(`:${stack.api.port}`);
  });
});
