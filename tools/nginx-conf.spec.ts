/**
 * apps/web/nginx.conf lets through the bodies the API accepts (its limits are read as text from
 * apps/api/src/app.factory.ts: tools do not import app code) and proxies the paths of
 * `@app/contracts/api-paths`, the list the other web servers import.
 */
import { API_PREFIX, API_ROOT_FILES } from '@app/contracts/api-paths';
import { BODY_LINGER_MS, BODY_TIMEOUT_MS, HEADERS_TIMEOUT_MS } from '@app/contracts/request-timing';
import helmet from 'helmet';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/paths';
import { PAGE_HEAD_TIMEOUT_MS } from './serve';
import { isServerRenderedPath } from '@app/contracts/watch';

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const MB = 1024 * 1024;

/** '4mb' / '100m' → bytes. */
function size(text: string): number {
  const match = /^(\d+)\s*(k|kb|m|mb)?$/i.exec(text.trim());
  if (!match) throw new Error(`not a size: ${text}`);
  const unit = (match[2] ?? '').toLowerCase()[0];
  return Number(match[1]) * (unit === 'm' ? MB : unit === 'k' ? 1024 : 1);
}

function apiLimit(name: string): number {
  const match = new RegExp(`export const ${name} = '([^']+)'`).exec(read('apps/api/src/app.factory.ts'));
  if (!match) throw new Error(`${name} not found in app.factory.ts`);
  return size(match[1]);
}

describe('apps/web/nginx.conf body limits', () => {
  const nginx = read('apps/web/nginx.conf');

  it('lets every JSON body the API accepts through', () => {
    const serverWide = /^ {2}client_max_body_size (\S+);/m.exec(nginx);
    expect(serverWide).not.toBeNull();
    expect(size(serverWide![1])).toBeGreaterThanOrEqual(apiLimit('JSON_BODY_LIMIT'));
  });

  it('lets a backup of the API’s largest size through to the import', () => {
    const block = /location = \/api\/admin\/import \{([^}]*)\}/.exec(nginx);
    expect(block).not.toBeNull();
    const limit = /client_max_body_size (\S+);/.exec(block![1]);
    expect(limit).not.toBeNull();
    expect(size(limit![1])).toBe(apiLimit('BACKUP_BODY_LIMIT'));
    expect(block![1]).toContain('proxy_pass http://api;');
  });

  it('streams bodies to the API (a stranger’s upload is cut short, not buffered to disk; a trickle meets the API’s rate rule)', () => {
    expect(nginx).toMatch(/^ {2}proxy_request_buffering off;$/m);
    expect(nginx).not.toMatch(/proxy_request_buffering on/);
  });

  it('gives headers and bodies the times of @app/contracts/request-timing', () => {
    const seconds = (name: string) =>
      Number(new RegExp(`^ {2}${name} (\\d+)s;$`, 'm').exec(nginx)?.[1]) * 1000;
    expect(seconds('client_header_timeout')).toBe(HEADERS_TIMEOUT_MS);
    expect(seconds('client_body_timeout')).toBe(BODY_TIMEOUT_MS);
    expect(seconds('lingering_time')).toBe(BODY_LINGER_MS);
  });
});

describe('apps/web/nginx.conf page head (SSI)', () => {
  const nginx = read('apps/web/nginx.conf');

  it('runs SSI on the pages, and index.html includes the page head with its defaults as stub', () => {
    expect(/location = \/_page\/index\.html \{[^}]*ssi on;/.exec(nginx)).not.toBeNull();
    const index = read('apps/web/index.html');
    expect(index).toMatch(/<!--# block name="head" -->[\s\S]*<title>[\s\S]*<!--# endblock -->/);
    expect(index).toContain('<!--# include virtual="/api/page-head" stub="head" -->');
  });

  it('gives up on a slow API within the web server’s timeout and turns any error into the stub', () => {
    const block = /location = \/api\/page-head \{([^}]*)\}/.exec(nginx);
    expect(block).not.toBeNull();
    const seconds = (name: string) => Number(new RegExp(`${name} (\\d+)s;`).exec(block![1])?.[1]);
    expect(seconds('proxy_connect_timeout') + seconds('proxy_read_timeout')).toBeLessThanOrEqual(
      PAGE_HEAD_TIMEOUT_MS / 1000 + 1,
    );
    expect(block![1]).toContain('proxy_intercept_errors on;');
    expect(block![1]).toMatch(/error_page [\d ]*\b500 502 503 504 = @no-page-head;/);
    expect(nginx).toMatch(/location @no-page-head \{\s*return 204;\s*\}/);
    // The fragment is pasted into the page as it is: never compressed.
    expect(block![1]).toContain('proxy_set_header Accept-Encoding "";');
  });
});

describe('apps/web/nginx.conf forwarded headers', () => {
  const nginx = read('apps/web/nginx.conf');
  const headers = (block: string) =>
    [...block.matchAll(/^\s*proxy_set_header (\S+) (.+);$/gm)].map((m) => [m[1], m[2]]);
  const serverLevel = headers(nginx.slice(0, nginx.search(/^\s*location /m)));

  it('hands the API the browser’s Host and X-Forwarded-* at server level', () => {
    expect(serverLevel).toEqual(
      expect.arrayContaining([
        ['Host', '$http_host'],
        ['X-Forwarded-Host', '$http_host'],
        ['X-Forwarded-Proto', '$scheme'],
        ['X-Forwarded-For', '$proxy_add_x_forwarded_for'],
      ]),
    );
  });

  // nginx inherits proxy_set_header only into a location that sets none of its own: without the
  // repeat, the page head was asked with Host "api" and every page's og:url named the upstream.
  it('repeats every server-level header in a location that sets its own', () => {
    const locations = [...nginx.matchAll(/^\s*location ([^{]+)\{([^}]*)\}/gm)];
    const own = locations.filter(([, , body]) => headers(body).length > 0);
    expect(own.map(([, name]) => name.trim())).toContain('= /api/page-head');
    for (const [, name, body] of own) {
      expect({ location: name.trim(), headers: headers(body) }).toEqual({
        location: name.trim(),
        headers: expect.arrayContaining(serverLevel),
      });
    }
  });
});

describe('apps/web/nginx.conf API paths', () => {
  const nginx = read('apps/web/nginx.conf');
  const proxied = (location: string) =>
    new RegExp(`location ${location.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\{[^}]*proxy_pass http://api;`);

  it('hands /api and everything below it to the API', () => {
    expect(nginx).toMatch(proxied(`= ${API_PREFIX}`));
    expect(nginx).toMatch(proxied(`${API_PREFIX}/`));
  });

  it('hands each path the API serves at the site root to the API (/oembed too), and no other root path', () => {
    expect(API_ROOT_FILES).toContain('/oembed');
    for (const path of API_ROOT_FILES) expect(nginx).toMatch(proxied(`= ${path}`));
    const exactRootPaths = [...nginx.matchAll(/location = (\/[^/\s]+) \{[^}]*proxy_pass http:\/\/api;/g)]
      .map((match) => match[1])
      .filter((path) => path !== API_PREFIX);
    expect(exactRootPaths.sort()).toEqual([...API_ROOT_FILES].sort());
  });
});

/** The Strict-Transport-Security value helmet sends by default (tools/serve.ts and the API use it). */
function helmetHsts(): string {
  let value = '';
  const res = { setHeader: (_name: string, header: string) => (value = header) };
  helmet.strictTransportSecurity()({} as never, res as never, () => undefined);
  return value;
}

describe('apps/web/nginx.conf security headers', () => {
  const nginx = read('apps/web/nginx.conf');

  it('sends the API’s HSTS (helmet’s default) on every answer, once', () => {
    // The API keeps helmet's default HSTS, the value compared here.
    expect(read('apps/api/src/app.factory.ts')).not.toMatch(/strictTransportSecurity|hsts/i);
    expect(helmetHsts()).toMatch(/^max-age=\d+; includeSubDomains$/);
    const hsts = `add_header Strict-Transport-Security "${helmetHsts()}" always;`;
    // Server-wide, and repeated in each location with its own add_header (which replaces the server's).
    expect(nginx.split('\n')).toContain(`  ${hsts}`);
    const locations = [...nginx.matchAll(/location [^{]*\{([^}]*)\}/g)].map((match) => match[1]);
    const withHeaders = locations.filter((block) => block.includes('add_header'));
    expect(withHeaders.length).toBeGreaterThanOrEqual(3);
    for (const block of withHeaders) expect(block).toContain(hsts);
    expect(nginx).toMatch(/^ {2}proxy_hide_header Strict-Transport-Security;$/m);
  });
});

describe('apps/web/nginx.conf micro-cache', () => {
  const nginx = read('apps/web/nginx.conf');
  const serverLevel = nginx.slice(nginx.indexOf('server {'), nginx.search(/^\s*location /m));
  const directive = (name: string) => new RegExp(`^\\s*${name} ([^;]+);`, 'm').exec(serverLevel)?.[1];

  it('bypasses and never stores a request carrying the API’s session cookie', () => {
    const cookie = /export const SESSION_COOKIE = '([^']+)'/.exec(
      read('apps/api/src/auth/session.setup.ts'),
    )?.[1];
    expect(cookie).toBeDefined();
    const map = /map \$http_cookie \$api_session \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(map).toContain(`"~*(^|;)\\s*${cookie}\\s*=" 1;`);
    expect(directive('proxy_cache_bypass')).toBe('$api_session');
    expect(directive('proxy_no_cache')).toBe('$api_session $api_no_store');
    expect(
      /map \$upstream_http_cache_control \$api_no_store \{\s*"~\*no-store" 1;/.exec(nginx),
    ).not.toBeNull();
  });

  it('keys on scheme, host with port, the (sub)request’s path and query, and the encoding class', () => {
    expect(directive('proxy_cache_key')).toBe('"$scheme://$http_host$uri$is_args$args $api_encoding"');
    expect(directive('proxy_set_header X-Forwarded-Host')).toBe('$http_host');
  });

  it('keeps answers 1 s, one request filling the cache under a burst, the previous answer while it does', () => {
    expect(directive('proxy_cache_valid')).toBe('200 304 1s');
    expect(directive('proxy_cache_lock')).toBe('on');
    expect(directive('proxy_cache_use_stale')).toMatch(/^updating error timeout\b/);
    expect(directive('proxy_cache_background_update')).toBeUndefined();
  });

  it('sends the build’s gzip files for the hashed assets', () => {
    expect(/location \^~ \/assets\/ \{[^}]*gzip_static on;/.exec(nginx)).not.toBeNull();
  });
});

describe('apps/web/nginx.conf pages rendered on the server', () => {
  it('sends to web-ssr exactly the paths the web app renders (isServerRenderedPath)', () => {
    const nginx = read('apps/web/nginx.conf');
    const match = /location ~ "([^"]+)" \{\n {4}proxy_pass http:\/\/web_ssr;/.exec(nginx);
    expect(match).not.toBeNull();
    const nginxPattern = new RegExp(match![1]);
    const paths = [
      '/',
      '/videos/abc',
      '/videos/a_B-9/',
      `/videos/${'x'.repeat(32)}`,
      `/videos/${'x'.repeat(33)}`,
      '/videos',
      '/videos/',
      '/videos/a/b',
      '/videos/a.b',
      '/admin',
      '/index.html',
    ];
    for (const path of paths)
      expect([path, nginxPattern.test(path)]).toEqual([path, isServerRenderedPath(path)]);
  });
});
