import type { Video } from '@app/contracts';
import type { Browser, Page } from '@playwright/test';
import { signedInApi } from '../pages/admin-api';
import { axeReport, SERIOUS } from '../support/axe';
import { expect, test } from '../support/test';
import { stubYouTubePlayer } from '../support/youtube-stub';

/**
 * The site search end to end, on the worker's admin stack (it uploads transcripts): a sentence of an uploaded VTT
 * found from the top bar's field, its "at m:ss" opening the watch page whose player starts there, the results page
 * without JavaScript, and a Japanese query.
 */

const EMBED = 'https://www.youtube-nocookie.com/embed/';
const PLAYER_QUERY = '?autoplay=1&rel=0&modestbranding=1&enablejsapi=1';

const ENGLISH = `WEBVTT

00:00:01.000 --> 00:00:04.000
Welcome back.

00:12:34.000 --> 00:12:38.000
Tonight the quokkas whistle under the bridge.
`;
const JAPANESE = `WEBVTT

00:01:05.000 --> 00:01:09.000
今日は川辺で小屋を作ります。
`;

/** The stack's first two videos, with an English and a Japanese transcript uploaded through the admin API. */
async function videosWithTranscripts(baseURL: string): Promise<[Video, Video]> {
  const api = await signedInApi(baseURL);
  try {
    const [first, second] = (await (await api.get('/api/videos?sort=recent&limit=2')).json()) as Video[];
    for (const [video, language, text] of [
      [first, 'en', ENGLISH],
      [second, 'ja', JAPANESE],
    ] as const) {
      const res = await api.put(`/api/admin/videos/${video.id}/transcripts/${language}`, { data: { text } });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    return [first, second];
  } finally {
    await api.dispose();
  }
}

async function withoutScript<T>(
  browser: Browser,
  baseURL: string,
  run: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('a sentence of an uploaded transcript, found from the top bar, opens the player at its moment; a Japanese query finds its video; no JavaScript needed to read the results', async ({
  page,
  browser,
  baseURL,
}) => {
  const [video, japanese] = await videosWithTranscripts(baseURL!);
  await stubYouTubePlayer(page);
  await page.goto('/');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const field = page.getByRole('search').locator('input[name="q"]');
  await field.fill('quokkas whistle');
  await field.press('Enter');
  await expect(page).toHaveURL('/search?q=quokkas+whistle');
  await expect(page).toHaveTitle(/^Search: quokkas whistle – /);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const result = page
    .locator('li')
    .filter({ has: page.getByRole('link', { name: video.title, exact: true }) });
  await expect(result.locator('mark')).toHaveText(['quokkas', 'whistle']);
  expect(await axeReport(page, { impacts: SERIOUS })).toEqual([]);
  const moment = result.getByRole('link', { name: 'at 12:34' });
  await expect(moment).toHaveAttribute('href', `/videos/${video.id}?t=754`);
  await moment.click();
  await expect(page).toHaveURL(`/videos/${video.id}?t=754`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: `Play ${video.title}` }).click();
  await expect(page.locator('iframe')).toHaveAttribute('src', `${EMBED}${video.id}${PLAYER_QUERY}&start=754`);

  await withoutScript(browser, baseURL!, async (plain) => {
    await plain.goto('/search?q=%E5%B0%8F%E5%B1%8B');
    const found = plain.getByRole('link', { name: japanese.title, exact: true });
    await expect(found).toHaveAttribute('href', `/videos/${japanese.id}`);
    await expect(plain.getByRole('link', { name: 'at 1:05' })).toHaveAttribute(
      'href',
      `/videos/${japanese.id}?t=65`,
    );
    await plain.goto('/search?q=zzqxj%20nothing');
    await expect(plain.getByText('No videos match “zzqxj nothing”.')).toBeVisible();
  });
});
