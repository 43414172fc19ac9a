/**
 * The session cookie is `Secure` whenever the browser's side is https (issue 25), through one or two proxies: a
 * TLS-terminating nginx (a self-signed certificate) in front of the built web server and API as `npm start` runs
 * them (the web server with TRUST_PROXY, the API trusting the web server), then the same with docker-compose's
 * nginx (apps/web/nginx.conf, plain http) between the two. Skipped where nginx or openssl is missing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiProcess, BENCH_API_ENV, startApi } from '../lib/api-process';
import { freePort } from '../lib/net';
import { nginxBinary, type RunningNginx, startNginx } from '../lib/nginx';
import { loadWebServer, type RunningWebServer, SSR_ENTRY, WEB_DIST } from '../lib/web-server';

const nginx = nginxBinary();
const openssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const describeWithTls = nginx && openssl ? describe : describe.skip;

/** A TLS terminator as a host's nginx or a load balancer is set up: https in, http to the site, the scheme told. */
const TLS_FRONT = `
upstream web {
  server web:4200;
}
server {
  listen 80;
  location / {
    proxy_pass http://web;
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  }
}
`;

interface Answer {
  status: number;
  setCookie: string[];
}

/** Signs in through `base` (http or https, the certificate not checked: it is self-signed). */
function login(base: string): Promise<Answer> {
  const url = new URL('/api/auth/login', base);
  const body = JSON.stringify({ username: 'admin', password: BENCH_API_ENV.ADMIN_PASSWORD });
  const send = url.protocol === 'https:' ? request : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        rejectUnauthorized: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Origin: url.origin,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [] }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function sessionCookie(answer: Answer): string {
  expect(answer.status).toBe(200);
  const sid = answer.setCookie.find((cookie) => cookie.startsWith('sid='));
  expect(sid).toBeDefined();
  return sid!;
}

describeWithTls('the session cookie behind a TLS-terminating proxy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tls-proxy-'));
  const tls = { cert: join(dir, 'cert.pem'), key: join(dir, 'key.pem') };
  let api: ApiProcess;
  let web: RunningWebServer;
  const proxies: RunningNginx[] = [];

  beforeAll(async () => {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
        '-keyout',
        tls.key,
        '-out',
        tls.cert,
      ]),
      { stdio: 'ignore' },
    );
    // As `npm start` runs them: the API trusts the web server in front of it, the web server its own proxy.
    api = await startApi({ ...BENCH_API_ENV, TRUST_PROXY: 'true', SQLITE_PATH: join(dir, 'api.sqlite') });
    web = await loadWebServer().startWebServer({
      port: await freePort(),
      apiUrl: api.url,
      distDir: WEB_DIST,
      ssrEntry: SSR_ENTRY,
      trustProxy: true,
    });
  });
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.stop()));
    await web?.close();
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('over plain http to the web server the cookie is not Secure (the browser would drop it)', async () => {
    expect(sessionCookie(await login(web.url))).not.toMatch(/;\s*Secure/i);
  });

  it('one proxy: https → web server → API, the cookie is Secure', async () => {
    const front = await startNginx(nginx!, { web: `127.0.0.1:${web.port}`, conf: TLS_FRONT, tls });
    proxies.push(front);
    expect(front.url).toMatch(/^https:/);
    expect(sessionCookie(await login(front.url))).toMatch(/;\s*Secure/i);
  });

  it('two proxies: https → nginx (apps/web/nginx.conf, plain http) → web server → API, the cookie is Secure', async () => {
    const site = await startNginx(nginx!, { web: `127.0.0.1:${web.port}` });
    proxies.push(site);
    // Reached directly over http, docker-compose's nginx says http.
    expect(sessionCookie(await login(site.url))).not.toMatch(/;\s*Secure/i);
    const front = await startNginx(nginx!, { web: `127.0.0.1:${site.port}`, conf: TLS_FRONT, tls });
    proxies.push(front);
    expect(sessionCookie(await login(front.url))).toMatch(/;\s*Secure/i);
  });
});
