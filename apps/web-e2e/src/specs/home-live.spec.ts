import type { LiveCheckResult, Video } from '@app/contracts';
import { expect, type Page, test } from '@playwright/test';
import { signedInApi, writeSetting } from '../pages/admin-api';
import { HomePage } from '../pages/home-page';
import { LIVE_FAKE_YOUTUBE_URL, serverUrl } from '../support/servers';
import { recordYouTubeRequests, stubYouTubePlayer } from '../support/youtube-stub';

// Issue 17: the filters on the demo stack (nothing changes its data); the live banner on the live stack, synced
// from a fake YouTube of its own. Behaviour, not layout: the desktop project runs it (playwright.config.ts).
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

/** Moves the fake's stream (`POST /__fake/stream`); the new or moved video. */
async function moveStream(page: Page, body: Record<string, string>): Promise<{ id: string; title: string }> {
  const res = await page.request.post(`${LIVE_FAKE_YOUTUBE_URL}/__fake/stream`, { data: body });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: string; title: string };
}

/** What a visitor coming back to the tab does: the page asks again. */
const comeBack = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

test.describe('on a stack synced from a fake YouTube', () => {
  test.use({ baseURL: serverUrl('live') });

  // No stub of GET /api/live: the fake's stream goes upcoming → live → ended, and the admin's live check
  // (POST /api/sync/live-check) is what the page learns it from.
  test('"Upcoming" then "Live now" follow the live check, Watch plays on click, and the ended stream is a replay', async ({
    page,
  }) => {
    const api = await signedInApi(serverUrl('live'));
    const liveCheck = async () => {
      const res = await api.post('/api/sync/live-check');
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as LiveCheckResult;
    };
    // Each run (a retry too) schedules a stream of its own.
    const stream = await moveStream(page, {
      state: 'upcoming',
      scheduledStartTime: '2030-05-01T18:00:00.000Z',
    });
    const channel = (await (await page.request.get(`${LIVE_FAKE_YOUTUBE_URL}/__fake/channel`)).json()) as {
      id: string;
    };
    await writeSetting(api, 'channelId', channel.id);
    const sync = await api.post('/api/sync/youtube', { timeout: 60_000 });
    expect(sync.status(), await sync.text()).toBe(200);
    expect((await liveCheck()).state.upcoming?.id).toBe(stream.id);

    await stubYouTubePlayer(page);
    // The thumbnails are YouTube's; this network is closed.
    await page.route('https://i.ytimg.com/**', (route) => route.abort());
    const youtube = recordYouTubeRequests(page);
    const home = new HomePage(page);
    await home.goto();
    const card = page.getByTestId('upcoming-card');
    await expect(card.getByRole('link', { name: stream.title })).toHaveAttribute(
      'href',
      `https://www.youtube.com/watch?v=${stream.id}`,
    );
    // In the visitor's time zone (Tokyo), with its year (not this one).
    await expect(card.locator('time')).toHaveText('Thursday, May 2, 2030 at 3:00 AM GMT+9');

    await moveStream(page, { state: 'live', id: stream.id, at: '2030-05-01T18:01:00.000Z' });
    expect((await liveCheck()).state.live?.id).toBe(stream.id);
    await comeBack(page);
    const banner = page.getByTestId('live-banner');
    await expect(banner.getByText('Live now')).toBeVisible();
    await expect(banner.getByRole('heading', { name: stream.title })).toBeVisible();
    await expect(card).toHaveCount(0);
    // At the top of the page, above the hero; nothing from YouTube before Watch.
    const [bannerBox, heroBox] = await Promise.all([banner.boundingBox(), home.hero.boundingBox()]);
    expect(bannerBox!.y).toBeLessThan(heroBox!.y);
    expect(youtube).toHaveLength(0);
    await banner.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect(banner.locator('iframe')).toHaveAttribute(
      'src',
      `https://www.youtube-nocookie.com/embed/${stream.id}?autoplay=1&rel=0&modestbranding=1&enablejsapi=1`,
    );

    await moveStream(page, { state: 'ended', id: stream.id, at: '2030-05-01T19:31:00.000Z' });
    expect((await liveCheck()).state).toEqual({ live: null, upcoming: null });
    await page.reload();
    await home.loaded();
    await expect(banner).toHaveCount(0);
    const filters = home.videos.getByRole('group', { name: 'Show' });
    await filters.getByRole('button', { name: 'Live and replays' }).click();
    const replay = home.card(stream.title);
    await expect(replay.getByText('Replay', { exact: true })).toBeVisible();
    await expect(replay.getByText('1:30:00')).toBeVisible();
    await filters.getByRole('button', { name: 'Videos' }).click();
    await expect(home.videoCards.first()).toBeVisible();
    await expect(
      home.videoCards.filter({ has: page.getByRole('heading', { name: stream.title }) }),
    ).toHaveCount(0);
    await api.dispose();
  });
});
