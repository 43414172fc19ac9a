import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { apiPaths, pageModelUrl } from '@app/contracts';
import request from 'supertest';
import { INVALID_HOST, INVALID_PROTO } from '../src/common/valid-host.middleware';
import { CACHEABLE_PATHS } from '../src/content-cache/public-cache.middleware';
import { startTestApp, type TestApp } from './support/test-app';

/** The answers whose links name the site's origin. */
const LINKING_PATHS = ['/sitemap.xml', '/rss.xml', '/robots.txt', '/opensearch.xml', pageModelUrl('/')];

/** One HTTP/1.0 request without a Host header (supertest always sends one). */
function getWithoutHost(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.0\r\n\r\n`));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Everything the app writes to stdout/stderr while `run` runs. */
async function output(run: () => Promise<void>): Promise<string> {
  let written = '';
  const capture = (chunk: unknown) => {
    written += String(chunk);
    return true;
  };
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return written;
}

describe('links without PUBLIC_URL (the Host decides)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // Behind one proxy, as under npm start and docker-compose: X-Forwarded-Host is trusted.
    t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    await t.app.listen(0, '127.0.0.1');
    port = (t.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it.each(LINKING_PATHS)(
    '%s follows the Host asked for, in an answer no shared cache may keep',
    async (path) => {
      for (const set of [{ Host: 'evil.example' }, { 'X-Forwarded-Host': 'evil.example' }]) {
        const res = await request(t.server).get(path).set(set).expect(200);
        expect(res.text).toContain('http://evil.example/');
        expect(res.headers['cache-control']).toMatch(/^private, /);
      }
      const res = await request(t.server).get(path).set('Host', 'videos.example.org').expect(200);
      expect(res.text).toContain('http://videos.example.org/');
      expect(res.text).not.toContain('evil.example');
    },
  );

  it("the API's public cache never hands an answer to an unexpected Host to anyone else", async () => {
    // The page model needs its `?path=`: it is among the linking paths.
    const cacheable = [...CACHEABLE_PATHS].filter((path) => path !== apiPaths.pageModel);
    for (const path of [...cacheable, ...LINKING_PATHS]) {
      await request(t.server).get(path).set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example');
      for (let i = 0; i < 2; i++) {
        const res = await request(t.server).get(path).set('Host', 'videos.example.org').expect(200);
        expect({ path, leaked: res.text.includes('evil.example') }).toEqual({ path, leaked: false });
      }
    }
  });

  it('a malformed Host or X-Forwarded-Host is a 400 (never a 500), logged without a stack', async () => {
    const hosts = [
      'evil.example/x',
      'evil.example:99999',
      'a b',
      '[::1',
      'user@evil.example',
      '<script>',
      'evil.example:80:80',
    ];
    const statuses: string[] = [];
    const log = await output(async () => {
      for (const path of [...LINKING_PATHS, '/api/videos', '/api/health']) {
        for (const host of hosts) {
          for (const header of ['Host', 'X-Forwarded-Host']) {
            const res = await request(t.server).get(path).set(header, host);
            if (res.status !== 400 || res.body.message !== INVALID_HOST)
              statuses.push(`${path} ${header}: ${host} → ${res.status}`);
          }
        }
        const res = await request(t.server).get(path).set('X-Forwarded-Proto', 'javascript');
        if (res.status !== 400 || res.body.message !== INVALID_PROTO)
          statuses.push(`${path} X-Forwarded-Proto: javascript → ${res.status}`);
      }
      const admin = request.agent(t.server);
      await admin.post('/api/auth/login').send({ username: 'admin', password: 'admin123' }).expect(200);
      const res = await admin.post('/api/admin/generate-sitemap').set('Host', 'evil.example/x');
      if (res.status !== 400) statuses.push(`generate-sitemap → ${res.status}`);
    });
    expect(statuses).toEqual([]);
    expect(log).not.toMatch(/\n\s+at /);
  });

  it("a request without a Host gets links to the fallback origin, never the API's own address", async () => {
    for (const path of LINKING_PATHS) {
      const answer = await getWithoutHost(port, path);
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toContain('http://localhost/');
      expect(answer).not.toContain(`127.0.0.1:${port}`);
      expect(answer).not.toContain('undefined');
    }
  });
});

describe('links with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { TRUST_PROXY: 'true', PUBLIC_URL: 'https://videos.example.com/ignored/path' },
    });
  });
  afterAll(() => t.close());

  it.each(LINKING_PATHS)(
    '%s links to PUBLIC_URL whatever the Host, and may be cached by anyone',
    async (path) => {
      const res = await request(t.server)
        .get(path)
        .set('Host', 'evil.example')
        .set('X-Forwarded-Host', 'evil.example')
        .expect(200);
      expect(res.text).toContain('https://videos.example.com/');
      expect(res.text).not.toContain('evil.example');
      expect(res.headers['cache-control']).toMatch(/^public, /);
    },
  );
});
