/**
 * The bytes of images a first visit downloads on the bench's phone, on `/` and on the bench's watch page, against
 * what the markup that showed YouTube's own thumbnails downloaded for the same videos and playlists, in one run.
 *
 * After: Debian's Chromium at Lighthouse's phone (phone.ts), a fresh browser context per page (nothing cached), at
 * its first view and again once scrolled to its end; every `/images/…` file the page loaded, as the Resource Timing
 * API counts it (body bytes). Before: for each video and playlist whose image the page loaded, its `thumbnail` as
 * that markup asked for it (`<img src=thumbnail>`, stepping down maxres → sd → hq → mq while a size is missing,
 * YouTube's grey stand-in downloaded on each step), fetched from the same stand-in for YouTube's host the site
 * brought its images home from (thumbnail-server.ts). Also each page's LCP element, and the watch page's LCP against
 * the minimal page (Lighthouse on the same stack, RUNS rounds; run.ts takes it from its own Lighthouse run).
 *
 *   npx tsx tools/bench/image-bytes.ts [--runs 3] [--write]    (after npx nx run-many -t build -p api web)
 */
import { IMAGE_HASH_PATTERN } from '@app/contracts/site-image-files';
import { thumbnailFallbacks } from '@app/contracts/youtube';
import { chromium, type Browser } from 'playwright-core';
import { parseOptions, wholeNumber } from '../lib/args';
import { machine, type SummaryRow, writeDocSection, writeRawJson } from './doc';
import { labelOf, type LighthouseRun, pageResults, runLighthouse, startBenchStack } from './lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS, type PageStack, WATCH_BENCH_VIDEO_ID } from './page-stack';
import { lighthousePhone, type Phone } from './phone';
import { contentItems, type ContentItem } from './stack-images';

export const IMAGE_PAGES = [
  { page: '/', path: '/' },
  { page: 'a watch page', path: `/videos/${WATCH_BENCH_VIDEO_ID}` },
] as const;

export interface ImagePageBytes {
  page: (typeof IMAGE_PAGES)[number]['page'];
  /** What a first visit loads without scrolling, or everything once the visitor has scrolled to the end. */
  view: 'first view' | 'scrolled to the end';
  /** The site's image files the page loaded, and their body bytes. */
  files: number;
  afterBytes: number;
  /** Each file's width and format, and how many of each (`640.avif: 21`). */
  formats: Record<string, number>;
  /** Videos and playlists whose image the page loaded. */
  items: number;
  /** What the previous markup downloaded for them: requests (a grey stand-in per missing size) and body bytes. */
  beforeRequests: number;
  beforeBytes: number;
  /** after ÷ before. */
  ratio: number;
  /** The page's largest contentful paint: an image's path, or the element's tag. */
  lcpElement: string;
}

export interface ImageBytesResult {
  phone: { width: number; height: number; deviceScaleFactor: number };
  pages: ImagePageBytes[];
  /** Asking each image file of the stack once before anything was measured. */
  warmUp?: { files: number; ms: number };
  /** The watch page's LCP on Lighthouse's phone against the minimal page's, when Lighthouse measured it. */
  lcp?: { runs: number; watchMs: number; minimalMs: number; ratio: number };
}

interface Loaded {
  resources: { path: string; bytes: number }[];
  lcp: string;
}

// Browser-side code is passed as text: the tools compile without the DOM library.
const LOADED = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    resolve({
      resources: performance.getEntriesByType('resource').map((e) => ({
        path: new URL(e.name).pathname,
        bytes: e.encodedBodySize,
      })),
      lcp: last ? (last.url ? new URL(last.url).pathname : last.element ? last.element.tagName.toLowerCase() : '?') : 'none',
    });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

/** Scrolls down half a screen at a time to the end, then waits until every image on the page has loaded. */
const SCROLL_TO_END = `(async () => {
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await pause(100);
  }
  scrollTo(0, document.documentElement.scrollHeight);
  const deadline = Date.now() + 30000;
  do await pause(250);
  while ([...document.images].some((img) => !img.complete) && Date.now() < deadline);
})()`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The bytes the previous markup downloaded for one thumbnail: each size tried until one exists. */
async function beforeBytes(thumbnail: string, host: string): Promise<{ requests: number; bytes: number }> {
  let bytes = 0;
  let requests = 0;
  for (const url of thumbnailFallbacks(thumbnail)) {
    const { hostname, pathname } = new URL(url);
    const res = await fetch(`${host}/${hostname}${pathname}`);
    bytes += (await res.arrayBuffer()).byteLength;
    requests += 1;
    if (res.ok) return { requests, bytes };
  }
  return { requests, bytes };
}

/** What one view of a page loaded, against the previous markup's bytes for the same items. */
async function compare(
  name: ImagePageBytes['page'],
  view: ImagePageBytes['view'],
  loaded: Loaded,
  items: ContentItem[],
  host: string,
): Promise<ImagePageBytes> {
  const images = loaded.resources.filter((r) => r.path.startsWith('/images/'));
  const formats: Record<string, number> = {};
  const thumbnails = new Set<string>();
  for (const image of images) {
    const [, , hash, file] = image.path.split('/');
    if (!IMAGE_HASH_PATTERN.test(hash)) throw new Error(`${name} loaded ${image.path}`);
    formats[file] = (formats[file] ?? 0) + 1;
    const shown = new Set(
      items.filter((item) => item.image?.path === `/images/${hash}`).map((item) => item.thumbnail),
    );
    // thumbnail-server.ts gives each item the measured pages show a picture of its own.
    if (shown.size !== 1)
      throw new Error(`${name}: ${image.path} is the image of ${shown.size} thumbnails, not one`);
    thumbnails.add([...shown][0]!);
  }
  const before = await Promise.all([...thumbnails].map((t) => beforeBytes(t, host)));
  const afterBytes = images.reduce((sum, r) => sum + r.bytes, 0);
  const beforeTotal = before.reduce((sum, b) => sum + b.bytes, 0);
  return {
    page: name,
    view,
    files: images.length,
    afterBytes,
    formats,
    items: thumbnails.size,
    beforeRequests: before.reduce((sum, b) => sum + b.requests, 0),
    beforeBytes: beforeTotal,
    ratio: beforeTotal ? Math.round((afterBytes / beforeTotal) * 100) / 100 : NaN,
    lcpElement: loaded.lcp,
  };
}

/** A page at its first view, then scrolled to its end (every lazy image loaded), in one fresh browser context. */
async function measurePage(
  browser: Browser,
  phone: Phone,
  stack: PageStack,
  items: ContentItem[],
  { page: name, path }: (typeof IMAGE_PAGES)[number],
): Promise<ImagePageBytes[]> {
  const context = await browser.newContext(phone.context);
  try {
    const page = await context.newPage();
    await page.goto(`${stack.url}${path}`);
    await page.waitForLoadState('networkidle');
    const first = await page.evaluate<Loaded>(LOADED);
    await page.evaluate(SCROLL_TO_END);
    const scrolled = await page.evaluate<Loaded>(LOADED);
    const host = stack.thumbnails!.url;
    return [
      await compare(name, 'first view', first, items, host),
      await compare(name, 'scrolled to the end', { ...scrolled, lcp: first.lcp }, items, host),
    ];
  } finally {
    await context.close();
  }
}

/** The watch page's LCP and the minimal page's, from Lighthouse's mobile runs (medians). */
export function watchLcp(runs: LighthouseRun[]): ImageBytesResult['lcp'] {
  const watch = pageResults(runs).find((r) => r.page === 'watch' && r.formFactor === 'mobile');
  if (!watch) return undefined;
  return {
    runs: runs.filter((r) => r.page === 'watch' && r.formFactor === 'mobile').length,
    watchMs: watch.lcpMs,
    minimalMs: watch.minimalLcpMs,
    ratio: watch.lcpRatio,
  };
}

/** `bench`: the bench's stack (lighthouse.ts's startBenchStack), left running; else one of its own. */
export async function benchImageBytes(
  log: (line: string) => void,
  bench?: PageStack,
): Promise<ImageBytesResult> {
  const stack = bench ?? (await startBenchStack());
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    if (!stack.thumbnails) throw new Error('the stack has no thumbnail host (the demo?)');
    const phone = await lighthousePhone();
    const items = await contentItems(stack.url);
    const pages: ImagePageBytes[] = [];
    for (const page of IMAGE_PAGES) {
      for (const r of await measurePage(browser, phone, stack, items, page)) {
        log(
          `${r.page}, ${r.view}: ${r.files} images, ${kb(r.afterBytes)} KB (${Object.entries(r.formats)
            .map(([file, n]) => `${file} ×${n}`)
            .join(
              ', ',
            )}); before ${kb(r.beforeBytes)} KB in ${r.beforeRequests} requests for ${r.items} thumbnails; ratio ${r.ratio}; LCP ${r.lcpElement}`,
        );
        pages.push(r);
      }
    }
    const { width, height } = phone.context.viewport!;
    return {
      phone: { width, height, deviceScaleFactor: phone.context.deviceScaleFactor! },
      pages,
      warmUp: stack.warmUp,
    };
  } finally {
    await browser.close();
    if (!bench) await stack.stop();
  }
}

/** What the smoke run holds the bench to. */
export function imageBytesFailures(result: ImageBytesResult): string[] {
  return result.pages.flatMap((r) => [
    ...(r.files === 0 ? [`${r.page}, ${r.view}: no image of the site's loaded`] : []),
    ...(r.files > 0 && !(r.afterBytes < r.beforeBytes)
      ? [
          `${r.page}, ${r.view}: ${kb(r.afterBytes)} KB of images, not less than YouTube's ${kb(r.beforeBytes)} KB`,
        ]
      : []),
  ]);
}

/** The summary's rows (run.ts): each page's image bytes against the previous markup's. */
export function imageBytesRows(result: ImageBytesResult): SummaryRow[] {
  return result.pages.map((r) => ({
    what: `Image bytes on ${r.page === '/' ? '`/`' : r.page}, ${r.view}, the bench's phone (first visit)`,
    figure: `${kb(r.afterBytes)} KB (${Object.keys(r.formats).join(', ')}) against ${kb(r.beforeBytes)} KB of YouTube's JPEGs = ${r.ratio}×`,
    target: "less than YouTube's JPEGs",
    met: r.files > 0 && r.afterBytes < r.beforeBytes,
  }));
}

export function imageBytesMarkdown(result: ImageBytesResult, when: Date): string {
  const { phone, lcp } = result;
  return [
    '## Public pages: image bytes on a phone',
    '',
    `\`npx tsx tools/bench/image-bytes.ts --write\` on ${when.toISOString().slice(0, 10)}, ${machine()}: Debian's Chromium at Lighthouse's phone (${phone.width}×${phone.height} CSS px, device pixel ratio ${phone.deviceScaleFactor}, its mobile user agent), a fresh browser context per page (a first visit: nothing cached), at its first view and then scrolled to its end half a screen at a time (every lazy image loaded), against the bench's stack (1,000 videos, their images brought home by the site${result.warmUp ? ` and each of its ${result.warmUp.files} files asked once before the run, ${(result.warmUp.ms / 1000).toFixed(1)} s` : ''}). **After**: the site's \`/images/…\` files the page loaded (Resource Timing, body bytes). **Before**, in the same run: for the same videos and playlists, what the markup that showed YouTube's thumbnails downloaded (\`<img src=thumbnail>\`, the best size YouTube lists, stepping down maxres → sd → hq → mq while a size is missing; body bytes too), fetched from the same host. Both markups load the same images lazily, so a view loads the same items in both. A card as wide as the phone, and the watch page's poster, are ${phone.width} CSS px, ${Math.round(phone.width * phone.deviceScaleFactor)} device pixels: the browser takes the 1280 px file, the 640 px one being too narrow; the related videos' smaller cards take 320 px.`,
    '',
    '| Page | View | Images loaded | Before (YouTube JPEG) | After (the site) | After ÷ before | Files chosen |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...result.pages.map(
      (r) =>
        `| ${r.page === '/' ? '`/`' : r.page} | ${r.view} | ${r.files} for ${plural(r.items, 'thumbnail')} | ${kb(r.beforeBytes)} KB in ${plural(r.beforeRequests, 'request')} | ${kb(r.afterBytes)} KB | ${r.ratio} | ${Object.entries(
          r.formats,
        )
          .map(([file, n]) => `\`${file}\` ×${n}`)
          .join(', ')} |`,
    ),
    '',
    `The largest contentful paint: ${result.pages
      .filter((r) => r.view === 'first view')
      .map((r) => `${r.page === '/' ? '`/`' : r.page}, \`${r.lcpElement.replace(/[0-9a-f]{20}/, '<hash>')}\``)
      .join('; ')}.${
      lcp
        ? ` The watch page's LCP on Lighthouse's phone (\`tools/bench/lighthouse.ts\`, ${labelOf('watch')}, median of ${lcp.runs}): **${lcp.watchMs} ms, ${lcp.ratio}× the minimal page's ${lcp.minimalMs} ms** (target ≤ 1.5×).`
        : ''
    }`,
    '',
    "The bench's sources are synthetic: JPEGs of diagonal gradients crossed by soft bands (quality 80; 1280×720 `maxresdefault` of about 42 KB for three videos in four, else 640×360 `sddefault` of about 19 KB), made by `tools/bench/thumbnail-server.ts`. Real thumbnails (photos, faces, text) are larger at every size, both YouTube's JPEGs and the site's files, and smooth pictures favour AVIF more than photos do: the ratio above shows the direction and what choosing the width for the screen saves, not what a given channel will see. The widths chosen and the number of requests do not depend on the pictures.",
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const options = parseOptions(
    argv,
    { runs: { type: 'string' }, write: { type: 'boolean', default: false } },
    'Usage: tsx tools/bench/image-bytes.ts [--runs 3] [--write]',
  );
  const runs = wholeNumber('runs', options.runs) ?? 3;
  const log = (line: string) => console.log(`  ${line}`);
  const stack = await startBenchStack();
  try {
    const result = await benchImageBytes(log, stack);
    const { runs: lighthouse } = await runLighthouse(runs, log, ['watch'], ['mobile'], stack);
    result.lcp = watchLcp(lighthouse);
    if (result.lcp)
      console.log(`watch page LCP ${result.lcp.watchMs} ms = ${result.lcp.ratio}× the minimal page's`);
    const failures = imageBytesFailures(result);
    if (options.write) {
      await writeDocSection('image-bytes', imageBytesMarkdown(result, new Date()));
      writeRawJson('image-bytes', result);
    }
    if (failures.length) throw new Error(failures.join('\n'));
  } finally {
    await stack.stop();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  });
}
