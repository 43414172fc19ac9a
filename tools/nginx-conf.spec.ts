/**
 * apps/web/nginx.conf, the front proxy and cache of docker-compose: it lets through the bodies the API accepts
 * (its limits are read as text from apps/api/src/app.factory.ts: tools do not import app code), hands every
 * request to the web app's server, and only proxies and caches (the page head, the policy and the security
 * headers are the web server's).
 */
import { SESSION_COOKIE } from '@app/node-server';
import { BODY_LINGER_MS, BODY_TIMEOUT_MS, HEADERS_TIMEOUT_MS } from '@app/contracts/request-timing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/paths';

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
    expect(block![1]).toContain('proxy_pass http://web;');
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

describe('apps/web/nginx.conf: a proxy and a cache only', () => {
  const nginx = read('apps/web/nginx.conf');
  const locations = [...nginx.matchAll(/^\s*location ([^{]+)\{([^}]*)\}/gm)];

  it('hands every location to the web app’s server, and serves no file and assembles no page itself', () => {
    expect(locations.length).toBeGreaterThan(0);
    for (const [, name, body] of locations)
      expect([name.trim(), body]).toEqual([name.trim(), expect.stringContaining('proxy_pass http://web;')]);
    expect(nginx).toMatch(/upstream web \{\s*server web:4200;/);
    for (const directive of [
      'root',
      'try_files',
      'ssi',
      'auth_request',
      'gzip_static',
      'add_header Content-Security-Policy',
      'upstream api',
    ])
      expect(nginx).not.toMatch(new RegExp(`^\\s*${directive}\\b`, 'm'));
  });

  it('hands the web server the browser’s Host and X-Forwarded-* (which it trusts: TRUST_PROXY in docker-compose)', () => {
    const serverLevel = nginx.slice(nginx.indexOf('server {'), nginx.search(/^\s*location /m));
    const headers = [...serverLevel.matchAll(/^\s*proxy_set_header (\S+) (.+);$/gm)].map((m) => [m[1], m[2]]);
    expect(headers).toEqual(
      expect.arrayContaining([
        ['Host', '$http_host'],
        ['X-Forwarded-Host', '$http_host'],
        ['X-Forwarded-Proto', '$site_proto'],
        ['X-Forwarded-For', '$proxy_add_x_forwarded_for'],
      ]),
    );
    // The scheme is raised to https when a TLS-terminating proxy in front says so (issue 25), never lowered.
    const proto = /map \$http_x_forwarded_proto \$site_proto \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(proto.trim().split(/\s*\n\s*/)).toEqual(['"~*^\\s*https\\s*(,|$)" https;', 'default $scheme;']);
    // No location sets headers of its own (which would drop these).
    for (const [, , body] of locations) expect(body).not.toContain('proxy_set_header');
    const compose = read('docker-compose.yml');
    expect(/\n {2}web:\n[\s\S]*?\n {2}proxy:/.exec(compose)?.[0]).toContain("TRUST_PROXY: 'true'");
  });
});

describe('apps/web/nginx.conf cache', () => {
  const nginx = read('apps/web/nginx.conf');
  const serverLevel = nginx.slice(nginx.indexOf('server {'), nginx.search(/^\s*location /m));
  const directive = (name: string) => new RegExp(`^\\s*${name} ([^;]+);`, 'm').exec(serverLevel)?.[1];

  it('bypasses and never stores a request carrying the API’s session cookie, nor a no-store answer', () => {
    const cookie = SESSION_COOKIE;
    const map = /map \$http_cookie \$site_session \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(map).toContain(`"~*(^|;)\\s*${cookie}\\s*=" 1;`);
    expect(directive('proxy_cache_bypass')).toBe('$site_session');
    expect(directive('proxy_no_cache')).toBe('$site_session $site_no_store');
    expect(
      /map \$upstream_http_cache_control \$site_no_store \{\s*"~\*no-store" 1;/.exec(nginx),
    ).not.toBeNull();
  });

  it('keys on scheme, host with port, path and query, and the encoding class it asks the web server for', () => {
    expect(directive('proxy_cache_key')).toBe('"$site_proto://$http_host$request_uri $site_encoding"');
    expect(directive('proxy_set_header Accept-Encoding')).toBe('$site_encoding');
  });

  it('keeps answers 1 s, one request filling the cache under a burst, the previous answer while it does', () => {
    expect(directive('proxy_cache_valid')).toBe('200 304 1s');
    expect(directive('proxy_cache_lock')).toBe('on');
    expect(directive('proxy_cache_use_stale')).toMatch(/^updating error timeout\b/);
    expect(directive('proxy_cache_background_update')).toBeUndefined();
    // The lifetime the answer names (the API's end of the second, a page's 0) is honoured.
    expect(directive('proxy_ignore_headers')).not.toContain('X-Accel-Expires');
  });
});
