import type { Video, VideoDetail } from '@app/contracts';
import { expect, type Page, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import {
  pageProblems,
  REAL_CHANNEL,
  serveYouTubeImages,
  type ThumbnailSizes,
  thumbnailSizes,
} from '../support/real-channel';
import { scrollThrough } from '../support/scroll-through';
import { serverUrl } from '../support/servers';

// Issue 27: the real stack is synced from a fake YouTube whose default channel answers as real channels do
// (seed.setup.ts): a hidden subscriber count, videos with only the `default` thumbnail or none, emoji, CJK and
// right-to-left titles, a premiere, a live stream, a free chat upcoming long past its date, days-long replays.
test.use({ baseURL: serverUrl('real') });

async function videos(page: Page, query: string): Promise<Video[]> {
  return (await (await page.request.get(`/api/videos?${query}`)).json()) as Video[];
}

/** Opens a page, scrolls through it so every lazy image is asked for, and waits until the thumbnails settled. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await scrollThrough(page);
}

const ZONES = [
  ['America/Los_Angeles', 'en-US'],
  ['Europe/Berlin', 'de-DE'],
  ['Asia/Tokyo', 'ja-JP'],
] as const;

test.describe('a visitor in another time zone', { tag: '@behaviour' }, () => {
  for (const [timezoneId, locale] of ZONES) {
    test.describe(timezoneId, () => {
      test.use({ timezoneId, locale });

      test('/ and the watch pages of streams load without a page error or a console error', async ({
        page,
      }) => {
        await serveYouTubeImages(page, await thumbnailSizes());
        const seen = pageProblems(page);
        const home = new HomePage(page);
        await home.goto();
        await home.loaded();
        // The scheduled start: UTC from the server (the same for everyone), the visitor's own after hydration.
        const when = page.getByTestId('upcoming-card').locator('time');
        const iso = (await when.getAttribute('datetime'))!;
        // The premiere, the next real start (not the free chat whose date lapsed long ago), with its year when
        // that is not this one.
        expect(Date.parse(iso)).toBeGreaterThan(Date.now());
        const local = await page.evaluate((at) => {
          const year = (date: Date) => new Intl.DateTimeFormat(undefined, { year: 'numeric' }).format(date);
          return new Intl.DateTimeFormat(undefined, {
            weekday: 'long',
            ...(year(new Date(at)) === year(new Date()) ? {} : { year: 'numeric' }),
            month: 'long',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            timeZoneName: 'short',
          }).format(new Date(at));
        }, iso);
        await expect(when).toHaveText(local);
        expect(local).not.toMatch(/UTC/);
        await page.waitForLoadState('networkidle');

        const streams = [
          ...(await videos(page, 'kind=upcoming&limit=10')),
          ...(await videos(page, 'kind=live&limit=10')),
          ...(await videos(page, 'kind=replay&limit=2')),
        ];
        expect(streams.length).toBeGreaterThanOrEqual(4);
        for (const video of streams) {
          await page.goto(`/videos/${video.id}`);
          await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(video.title);
          await page.waitForLoadState('networkidle');
        }
        expect(seen).toEqual([]);
      });
    });
  }
});

/** A video whose watch page lists `target` among its related videos. */
async function relatedHost(page: Page, target: string, sizes: ThumbnailSizes): Promise<string> {
  for (const id of sizes.keys()) {
    if (id === target) continue;
    const res = await page.request.get(`/api/videos/${id}`);
    if (!res.ok()) continue;
    const detail = (await res.json()) as VideoDetail;
    if (detail.related.some((v) => v.id === target)) return id;
  }
  throw new Error(`no watch page lists ${target} as related`);
}

test('no public page is wider than its viewport with each thumbnail fallback present', async ({ page }) => {
  const sizes = await thumbnailSizes();
  await serveYouTubeImages(page, sizes);
  const none = REAL_CHANNEL.videoWith(sizes, 'none');
  const small = REAL_CHANNEL.videoWith(sizes, 'default');
  // Missing sizes: a video without maxres steps down to sd (the grey 404 stand-in is caught).
  const noMaxres = [...sizes].find(([, keys]) => keys.length === 4)![0];
  const cases = [
    { path: '/', check: none },
    { path: `/videos/${none}`, check: none },
    { path: `/videos/${small}`, check: small },
    { path: `/videos/${await relatedHost(page, none, sizes)}`, check: none },
    { path: `/videos/${await relatedHost(page, small, sizes)}`, check: small },
    { path: `/videos/${await relatedHost(page, noMaxres, sizes)}`, check: noMaxres },
  ];
  const viewport = page.viewportSize()!;
  for (const { path, check } of cases) {
    await open(page, path);
    // The fallback is there: no image at all for `none`, the 120×90 `default` for `small`, sd for `noMaxres`.
    const thumbs = page.locator(
      `[data-video-id="${check}"] [data-thumbnail], a[href="/videos/${check}"] [data-thumbnail]`,
    );
    const shown = check === none ? 'placeholder' : 'image';
    if (path !== `/videos/${check}`) await expect(thumbs.first()).toHaveAttribute('data-thumbnail', shown);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} at ${viewport.width} px`).toBeLessThanOrEqual(0);
    // Every related thumbnail has the box of a real one, fallback or not.
    const related = page.getByRole('region', { name: 'Related videos' });
    if (await related.count()) {
      const boxes = await related
        .locator('[data-thumbnail]')
        .evaluateAll((all) => all.map((t) => `${t.clientWidth}×${t.clientHeight}`));
      expect(new Set(boxes).size, `${path}: ${boxes.join(' ')}`).toBe(1);
    }
  }
  // A featured video without thumbnails (the seed featured one) keeps the poster's box on `/` too.
  await open(page, '/');
  const featured = page.locator('section#featured [data-thumbnail]').first();
  await expect(featured).toHaveAttribute('data-thumbnail', 'placeholder');
  const box = await featured.boundingBox();
  expect(box!.width).toBeGreaterThan(100);
  expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
});
