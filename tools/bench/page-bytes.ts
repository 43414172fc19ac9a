/**
 * What the pages download, in Debian's Chromium against the production build with 1,000 videos:
 * JavaScript and CSS as transferred (gzip body bytes, from the Resource Timing API) for `/`, a watch page, for
 * `/admin` before signing in (the login screen) and after (the dashboard's first tab), plus the
 * HTML document (which carries `/`'s inlined entry CSS). A fresh browser context per page, so
 * nothing comes from the cache.
 *
 *   npx tsx tools/bench/page-bytes.ts [--write]    (after npx nx run-many -t build -p api web)
 */
import { chromium, type Page } from 'playwright-core';
import { parseOptions } from '../lib/args';
import { machine, writeDocSection, writeRawJson } from './doc';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  gzipKb,
  type PageStack,
  startPageStack,
  WATCH_BENCH_VIDEO_ID,
} from './page-stack';

const VIDEOS = 1000;
export const PAGE_JS_TARGET_KB = 150;

export type PageName = '/' | '/videos/{id}' | '/admin (login)' | '/admin (dashboard)';

export interface PageBytes {
  page: PageName;
  documentKb: number;
  jsKb: number;
  cssKb: number;
  jsFiles: number;
  cssFiles: number;
  adminChunkLoaded: boolean;
  files: string[];
}

interface Transfer {
  document: number;
  resources: { path: string; bytes: number }[];
}

// Browser-side code is passed as text: the tools compile without the DOM library.
const TRANSFERS = `(() => ({
  document: performance.getEntriesByType('navigation')[0].encodedBodySize,
  resources: performance.getEntriesByType('resource').map((e) => ({
    path: new URL(e.name).pathname,
    bytes: e.encodedBodySize,
  })),
}))()`;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function summarize(page: PageName, transfer: Transfer): PageBytes {
  const of = (ext: string) => transfer.resources.filter((r) => r.path.endsWith(ext));
  const js = of('.js');
  const css = of('.css');
  return {
    page,
    documentKb: kb(transfer.document),
    jsKb: gzipKb(js.map((r) => r.path)),
    cssKb: gzipKb(css.map((r) => r.path)),
    jsFiles: js.length,
    cssFiles: css.length,
    adminChunkLoaded: js.some((r) => /admin/i.test(r.path)),
    files: [...js, ...css].map((r) => r.path),
  };
}

async function settled(page: Page): Promise<Transfer> {
  await page.waitForLoadState('networkidle');
  return page.evaluate<Transfer>(TRANSFERS);
}

/** `bench`: the bench's stack of 1,000 videos (lighthouse.ts's startBenchStack), left running; else one of its own. */
export async function benchPageBytes(log: (line: string) => void, bench?: PageStack): Promise<PageBytes[]> {
  const stack = bench ?? (await startPageStack(VIDEOS));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const fresh = async () =>
      (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const results: PageBytes[] = [];

    const home = await fresh();
    await home.goto(`${stack.url}/`);
    await home.locator('section#videos article[data-video-id]').first().waitFor();
    results.push(summarize('/', await settled(home)));

    // A watch page with a long description and 8 related videos (page-stack.ts).
    const watch = await fresh();
    await watch.goto(`${stack.url}/videos/${WATCH_BENCH_VIDEO_ID}`);
    await watch.locator('h1').first().waitFor();
    results.push(summarize('/videos/{id}', await settled(watch)));

    const admin = await fresh();
    await admin.goto(`${stack.url}/admin`);
    await admin.getByRole('heading', { name: 'Admin login' }).waitFor();
    results.push(summarize('/admin (login)', await settled(admin)));
    await admin.getByLabel('Username').fill('admin');
    await admin.getByRole('textbox', { name: 'Password' }).fill('admin123');
    await admin.getByRole('button', { name: 'Log in' }).click();
    await admin.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    results.push(summarize('/admin (dashboard)', await settled(admin)));

    for (const r of results)
      log(`${r.page}: JS ${r.jsKb} KB (${r.jsFiles} files), CSS ${r.cssKb} KB, document ${r.documentKb} KB`);
    return results;
  } finally {
    await browser.close();
    if (!bench) await stack.stop();
  }
}

export function pageBytesMarkdown(results: PageBytes[], when: Date): string {
  return [
    '## Public page and admin: bytes downloaded',
    '',
    `\`npx tsx tools/bench/page-bytes.ts --write\` on ${when.toISOString().slice(0, 10)}, ${machine()}: Debian's Chromium, 1280×800, a fresh browser context per page, against the production build served by the web app's server (\`dist/apps/web-server\`, gzip) with ${VIDEOS.toLocaleString('en-US')} videos. Sizes are each file the page loaded (Resource Timing API) in its gzip form (the web server sends Chromium brotli, which is smaller); the dashboard row is everything the admin page loaded from the login screen to the dashboard's first tab (Content), login screen included. \`/\`'s entry CSS is inlined in its HTML document, hence no CSS file there.`,
    '',
    `| Page | JavaScript (gzip) | Files | CSS (gzip) | Files | HTML document | Admin chunk loaded |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| \`${r.page}\` | ${r.jsKb} KB${r.page === '/' ? ` (≤ ${PAGE_JS_TARGET_KB} KB)` : ''} | ${r.jsFiles} | ${r.cssKb} KB | ${r.cssFiles} | ${r.documentKb} KB | ${r.adminChunkLoaded ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
}

/** What the smoke run holds the pages to. */
export function pageBytesFailures(results: PageBytes[]): string[] {
  const home = results.find((r) => r.page === '/');
  const dashboard = results.find((r) => r.page === '/admin (dashboard)');
  return [
    ...(!home ? ['/ was not measured'] : []),
    ...(home && home.jsKb > PAGE_JS_TARGET_KB ? [`/ loads ${home.jsKb} KB of JavaScript`] : []),
    ...(home?.adminChunkLoaded ? ['the admin chunk loads on /'] : []),
    ...(dashboard && !dashboard.adminChunkLoaded
      ? ['the dashboard loaded no admin chunk (wrong file names?)']
      : []),
  ];
}

async function main(argv: string[]): Promise<void> {
  const options = parseOptions(
    argv,
    { write: { type: 'boolean', default: false } },
    'Usage: tsx tools/bench/page-bytes.ts [--write]',
  );
  const results = await benchPageBytes((line) => console.log(`  ${line}`));
  const failures = pageBytesFailures(results);
  if (options.write) {
    await writeDocSection('page-bytes', pageBytesMarkdown(results, new Date()));
    writeRawJson('page-bytes', results);
  }
  if (failures.length) throw new Error(failures.join('\n'));
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  });
}
