import type { LiveState, LiveStream, Video } from '@app/contracts';
import { expect, type Page, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { recordYouTubeRequests, stubYouTubePlayer } from '../support/youtube-stub';

// Issue 17 on the demo stack (nothing here changes its data). Behaviour, not layout: desktop only.
test.skip(({ isMobile }) => isMobile, 'behaviour only; the desktop project covers it');
// The scheduled start is shown in the visitor's time zone: this visitor is in Tokyo.
test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });

async function apiVideos(page: Page, query: string): Promise<{ videos: Video[]; total: number }> {
  const res = await page.request.get(`/api/videos?${query}`);
  return { videos: (await res.json()) as Video[], total: Number(res.headers()['x-total-count']) };
}

test('the filters ask the API for their kinds, also in View All with search and sort', async ({ page }) => {
  const home = new HomePage(page);
  const asked: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/videos') asked.push(url.search);
  });
  await home.goto();
  await home.loaded();
  const filters = home.videos.getByRole('group', { name: 'Show' });
  await expect(filters.getByRole('button')).toHaveText(['All', 'Videos', 'Shorts', 'Live and replays']);
  await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

  const shorts = await apiVideos(page, 'sort=recent&kind=short&limit=20');
  expect(shorts.total).toBeGreaterThan(0);
  await filters.getByRole('button', { name: 'Shorts' }).click();
  await expect(filters.getByRole('button', { name: 'Shorts' })).toHaveAttribute('aria-pressed', 'true');
  await expect(home.videoCards.locator('h3')).toHaveText(shorts.videos.map((v) => v.title));
  expect(asked).toContain('?sort=recent&kind=short&limit=20');

  await filters.getByRole('button', { name: 'Live and replays' }).click();
  await expect(home.videos.getByText('No live streams yet.')).toBeVisible();
  await expect(home.videoCards).toHaveCount(0);

  const longOnes = await apiVideos(page, 'sort=recent&kind=video&limit=20');
  expect(longOnes.total).toBeGreaterThan(20);
  await filters.getByRole('button', { name: 'Videos' }).click();
  await expect(home.videoCards.locator('h3')).toHaveText(longOnes.videos.map((v) => v.title));
  await home.viewAll.click();
  await expect(home.videos.getByTestId('video-count')).toHaveText(`Showing all ${longOnes.total} videos`);
  await home.sort.selectOption('oldest');
  const oldest = await apiVideos(page, 'sort=oldest&kind=video&limit=1');
  // The list is virtualised against the window: its first row is in the DOM while its top is in view.
  const firstRow = home.videos.locator('[data-index="0"] article h3').first();
  await expect(async () => {
    await page.evaluate(() => document.getElementById('videos')!.scrollIntoView());
    await expect(firstRow).toHaveText(oldest.videos[0].title, { timeout: 1000 });
  }).toPass();
  const matching = await apiVideos(page, 'q=shorts&sort=oldest&limit=60');
  const longMatching = await apiVideos(page, 'q=shorts&sort=oldest&kind=video&limit=60');
  // The demo Shorts say #shorts in their titles: searching it among Videos finds fewer than among All.
  expect(longMatching.total).toBeLessThan(matching.total);
  await home.search.fill('shorts');
  await expect(home.videoCards.locator('h3')).toHaveText(longMatching.videos.map((v) => v.title));
  expect(asked).toContain('?q=shorts&sort=oldest&kind=video&limit=60');
  await filters.getByRole('button', { name: 'All' }).click();
  await expect(home.videos.getByTestId('video-count')).toHaveText(
    `${matching.total} video${matching.total === 1 ? '' : 's'} match “shorts”`,
  );
});

const stream = (state: LiveStream['state'], extra: Partial<LiveStream> = {}): LiveStream => ({
  id: state === 'live' ? 'liveStream1' : 'nextStream1',
  title: state === 'live' ? 'Building a compiler, live' : 'Q&A: your questions answered',
  thumbnail: '/api/demo/thumbnails/v1.svg',
  state,
  scheduledStartTime: null,
  actualStartTime: null,
  ...extra,
});

/** Answers `GET /api/live` with whatever `state.current` holds (the API's live check is tested on its own). */
async function stubLive(page: Page, initial: LiveState): Promise<{ current: LiveState }> {
  const state = { current: initial };
  await page.route('**/api/live', (route) => route.fulfill({ json: state.current }));
  return state;
}

/** What a visitor coming back to the tab does: the page asks again. */
const comeBack = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

test('"Live now" shows the stream, plays it only on Watch, and goes when it ends', async ({ page }) => {
  await stubYouTubePlayer(page);
  const youtube = recordYouTubeRequests(page);
  const live = await stubLive(page, { live: stream('live'), upcoming: null });
  const home = new HomePage(page);
  await home.goto();
  const banner = page.getByTestId('live-banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByText('Live now')).toBeVisible();
  await expect(banner.getByRole('heading', { name: 'Building a compiler, live' })).toBeVisible();
  // At the top of the page, above the hero.
  const [bannerBox, heroBox] = await Promise.all([banner.boundingBox(), home.hero.boundingBox()]);
  expect(bannerBox!.y).toBeLessThan(heroBox!.y);
  await home.loaded();
  expect(youtube).toHaveLength(0);

  await banner.getByRole('button', { name: 'Watch' }).click();
  await expect(banner.locator('iframe')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/liveStream1?autoplay=1&rel=0&modestbranding=1&enablejsapi=1',
  );

  live.current = { live: null, upcoming: null };
  await comeBack(page);
  await expect(banner).toHaveCount(0);
  await expect(home.hero).toBeVisible();
});

test('"Upcoming" shows the start in the visitor\'s time zone and goes when the stream starts and ends', async ({
  page,
}) => {
  const live = await stubLive(page, {
    live: null,
    upcoming: stream('upcoming', { scheduledStartTime: '2030-05-01T18:00:00.000Z' }),
  });
  const home = new HomePage(page);
  await home.goto();
  const card = page.getByTestId('upcoming-card');
  await expect(card.getByText('Upcoming')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Q&A: your questions answered' })).toHaveAttribute(
    'href',
    'https://www.youtube.com/watch?v=nextStream1',
  );
  await expect(card.locator('time')).toHaveText('Thursday, May 2 at 3:00 AM GMT+9');

  live.current = {
    live: stream('live', { id: 'nextStream1', actualStartTime: '2030-05-01T18:01:00.000Z' }),
    upcoming: null,
  };
  await comeBack(page);
  await expect(page.getByTestId('live-banner')).toBeVisible();
  await expect(card).toHaveCount(0);

  live.current = { live: null, upcoming: null };
  await comeBack(page);
  await expect(page.getByTestId('live-banner')).toHaveCount(0);
});
