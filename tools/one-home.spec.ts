/**
 * One home per rule (issue 22): each rule below lives in one file, which every side imports. A copy in the
 * source of an app or library fails here (tests and the tools' own fixtures are left out); where a copy cannot be
 * avoided (index.html's inline script, read before any module) a spec next to it keeps the two equal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './lib/paths';

function sources(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (['node_modules', 'test', 'dist'].includes(entry.name)) continue;
      sources(path, found);
    } else if (/\.(ts|tsx|html)$/.test(entry.name) && !/\.(spec|integration-spec)\.tsx?$/.test(entry.name))
      found.push(path);
  }
  return found;
}

const files = [...sources('apps/api/src'), ...sources('apps/web'), ...sources('libs')].map((file) => ({
  file: relative(repoRoot, join(repoRoot, file)),
  text: readFileSync(join(repoRoot, file), 'utf8'),
}));

/** An HTML/XML escape written out: an entity map, or a replace of `&` by `&amp;`. */
const HTML_ESCAPE_COPY = /'&':\s*'&amp;'|\/&\/g,\s*['"]&amp;|replaceAll\(\s*['"]&['"],\s*['"]&amp;/;
/** A video id's characters with a length (`[\w-]{1,32}`, `[\w-]{6,32}`, `[A-Za-z0-9_-]{11}`). */
const VIDEO_ID_COPY = /(?:\[\\{1,2}w-\]|\[A-Za-z0-9_-\])\{(?:\d+,)?(?:11|32)\}/;
/** An on/off environment variable parsed by hand. */
const ENV_FLAG_COPY = /'true',\s*'false',\s*'1',\s*'0'|v === 'true' \|\| v === '1'/;
/** A shared cache's lifetime by the clock written out: `@<this second>`, or the end of the second computed. */
const END_OF_SECOND_COPY = /`@\$\{Math\.floor|\/\s*1000\)\s*\*\s*1000/;

const RULES: [rule: string, pattern: RegExp, homes: string[]][] = [
  [
    'HTML escaping',
    HTML_ESCAPE_COPY,
    // xml.ts escapes `&` alone, first, for the feed writer's own escaping (see its comment); it escapes no HTML.
    ['libs/contracts/src/html.ts', 'apps/api/src/public-pages/xml.ts'],
  ],
  ['script-safe JSON', /\\u2028\\u2029\]/, ['libs/contracts/src/html.ts']],
  ['the hex colour pattern', /\[0-9A-Fa-f\]\{6\}|\[0-9a-f\]\{6\}/i, ['libs/contracts/src/limits.ts']],
  [
    'the settings copy’s storage key',
    /site-settings-v1/,
    ['libs/contracts/src/public-settings-defaults.ts', 'apps/web/index.html'],
  ],
  ['the video id pattern', VIDEO_ID_COPY, ['libs/contracts/src/youtube.ts']],
  // The dashboard's address as code (a comment may name it): links, the router and the analytics' exclusion.
  ['the dashboard path', /(?<!\*.*)['"`]\/admin(?=['"`/?])/, ['libs/contracts/src/watch.ts']],
  // A form's limit is its schema's (`maxLengthOf`), never a number written again beside it.
  ['form field limits', /maxLength=\{\d/, []],
  ['the session cookie’s name', /['"`]sid['"`]/, ['libs/node-server/src/session-cookie.ts']],
  ['on/off environment variables', ENV_FLAG_COPY, ['libs/node-server/src/env-flag.ts']],
  ['the analytics ranges', /'7d',\s*'30d',\s*'90d'/, ['libs/contracts/src/analytics.ts']],
  ['YouTube’s addresses', /www\.youtube\.com/, ['libs/contracts/src/youtube.ts']],
  ['the hero’s 50/50 draw', /< 0\.5 \? 'A' : 'B'/, ['libs/contracts/src/hero.ts', 'apps/web/index.html']],
  [
    'the outbound address policy',
    /from 'ipaddr\.js'|new BlockList\(/,
    // ip-prefix.ts parses addresses only to show their network to the admin (sessions, audit log); it judges none.
    ['apps/api/src/common/outbound/address-policy.ts', 'apps/api/src/common/ip-prefix.ts'],
  ],
  // The API writes X-Accel-Expires and the web server's micro-cache reads it, as nginx does.
  [
    'how long shared caches keep an API answer',
    END_OF_SECOND_COPY,
    ['libs/node-server/src/accel-expires.ts'],
  ],
  [
    // Issue 27: a cut by UTF-16 unit splits emoji ("�…"); every shortening goes through truncateText.
    'grapheme-safe text truncation',
    /Intl\.Segmenter|\.(?:slice|substring|substr)\(0,[^)]*\)(?:\.trimEnd\(\))?\}…|(?:title|[dD]escription)(?:\.trim\(\))?\)?\??\.(?:slice|substring|substr)\(0,/,
    ['libs/contracts/src/text.ts'],
  ],
];

/**
 * An API path written out as a string (`'/api/videos'`, `` `/api/${…}` ``). The web app and its server take every
 * path from `apiPaths` (libs/contracts/src/api-paths.ts), which apps/api/test/api-paths.integration-spec.ts holds
 * to the API's routes.
 */
const API_PATH_LITERAL = /['"`]\/api(?:[/?'"`]|\$\{)/;
const webFiles = files.filter(({ file }) => /^apps\/web\/(src|server)\//.test(file));

describe('one home per rule', () => {
  it('scans the apps and libraries', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(RULES)('%s lives only in its home', (_rule, pattern, homes) => {
    const found = files.filter(({ text }) => pattern.test(text)).map(({ file }) => file);
    expect(found.sort()).toEqual([...homes].sort());
  });

  it('the copies the patterns are for are found', () => {
    const copies: [RegExp, string][] = [
      [HTML_ESCAPE_COPY, "TOPICS[n].replace(/&/g, '&amp;')"],
      [HTML_ESCAPE_COPY, "{ '&': '&amp;', '<': '&lt;' }"],
      [VIDEO_ID_COPY, 'const VIDEO_ID = /^[\\w-]{6,32}$/;'],
      [VIDEO_ID_COPY, 'const VIDEO_PAGE = /^\\/videos\\/([\\w-]{1,32})$/;'],
      [VIDEO_ID_COPY, "new RegExp('^[\\\\w-]{1,32}$')"],
      [VIDEO_ID_COPY, '/^[A-Za-z0-9_-]{11}$/'],
      [ENV_FLAG_COPY, ".enum(['true', 'false', '1', '0', 'yes', 'no'])"],
      [ENV_FLAG_COPY, ".transform((v) => v === 'true' || v === '1' || v === 'yes')"],
      [END_OF_SECOND_COPY, 'expires: Math.floor(now / 1000) * 1000 + 1000'],
      [END_OF_SECOND_COPY, 'return `@${Math.floor(now / 1000)}`;'],
      [RULES.find(([rule]) => rule === 'form field limits')![1], '<TextInput maxLength={100} />'],
    ];
    for (const [pattern, copy] of copies) expect([copy, pattern.test(copy)]).toEqual([copy, true]);
  });

  it('the web’s API paths live only in libs/contracts/src/api-paths.ts', () => {
    expect(webFiles.length).toBeGreaterThan(50);
    // The pattern finds what it is meant to find.
    expect(
      ["'/api/videos'", '`/api/videos/${id}/pin`', '`/api${path}`'].every((s) => API_PATH_LITERAL.test(s)),
    ).toBe(true);
    const found = webFiles.filter(({ text }) => API_PATH_LITERAL.test(text)).map(({ file }) => file);
    expect(found).toEqual([]);
  });
});
