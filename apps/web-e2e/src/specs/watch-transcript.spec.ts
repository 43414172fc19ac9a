import { parseChapters, type Video, type VideoDetail } from '@app/contracts';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { axeReport, SERIOUS } from '../support/axe';
import { listeningPlayers, receivedCommands, stubYouTubePlayer } from '../support/youtube-stub';

/**
 * A watch page's transcript (issue 49): text in the server's HTML, in a disclosure closed at first that opens without
 * script; each paragraph a link to the page at its start, which plays from there once the app runs; the paragraph
 * being said marked while the video plays. And the top bar's search field, a plain form to `/search?q=`. On the
 * demo stack, whose first start seeds an uploaded transcript for its video with chapters (apps/api/src/demo/
 * demo-transcripts.ts): nothing here writes, so no transcript upload is needed.
 */

const EMBED = 'https://www.youtube-nocookie.com/embed/';
const PLAYER_QUERY = '?autoplay=1&rel=0&modestbranding=1&enablejsapi=1';

/** The link of a paragraph (its time and its text are its name; the demo's sentences come back, its href does not). */
const paragraphLink = (page: Page, videoId: string, start: number) =>
  page
    .getByRole('region', { name: 'Transcript' })
    .locator(`a[href="/videos/${videoId}?t=${Math.floor(start)}"]`);

/** The demo's video with chapters, and its transcript. */
async function videoWithTranscript(
  request: APIRequestContext,
): Promise<VideoDetail & { transcript: object }> {
  const videos = (await (await request.get('/api/videos?sort=recent&limit=100')).json()) as Video[];
  const video = videos.find((v) => parseChapters(v.description, v.durationSeconds).length > 0);
  if (!video) throw new Error('The demo has no video with chapters');
  const detail = (await (await request.get(`/api/videos/${video.id}`)).json()) as VideoDetail;
  if (!detail.transcript) throw new Error('The demo video with chapters has no transcript');
  return detail as VideoDetail & { transcript: object };
}

async function withoutScript<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('the transcript of a watch page', () => {
  test('without JavaScript: in the HTML, closed; it opens to its paragraphs, and one opens the page at its time', async ({
    browser,
    request,
  }) => {
    const video = await videoWithTranscript(request);
    const [, second] = video.transcript.paragraphs;
    await withoutScript(browser, async (page) => {
      await page.goto(`/videos/${video.id}`);
      const region = page.getByRole('region', { name: 'Transcript' });
      const box = region.locator('details');
      await expect(box).not.toHaveAttribute('open');
      await expect(region.locator('summary')).toContainText('English');
      const link = paragraphLink(page, video.id, second.start);
      // In the page, but hidden until the box opens.
      await expect(link).toBeAttached();
      await expect(link).toBeHidden();
      // Where the title is in the document (the click may scroll the page to the box).
      const title = () =>
        page
          .getByRole('heading', { level: 1 })
          .evaluate((h) => h.getBoundingClientRect().top + window.scrollY);
      const above = await title();

      await region.locator('summary').click();
      await expect(box).toHaveAttribute('open', '');
      await expect(link).toBeVisible();
      await expect(link).toContainText(second.text);
      // Opening it moves nothing above it.
      expect(await title()).toBe(above);
      await link.click();
      await expect(page).toHaveURL(`/videos/${video.id}?t=${Math.floor(second.start)}`);
    });
  });

  test('with the app: opening it starts nothing; a paragraph plays from its time and is marked while it plays', async ({
    page,
  }) => {
    await stubYouTubePlayer(page);
    const video = await videoWithTranscript(page.request);
    const [, second, third] = video.transcript.paragraphs;
    await page.goto(`/videos/${video.id}`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const region = page.getByRole('region', { name: 'Transcript' });
    // The disclosure is the browser's: the app is not needed to open it, so it does not start for it.
    await region.locator('summary').click();
    await expect(region.locator('details')).toHaveAttribute('open', '');
    await expect(page.locator('html')).not.toHaveAttribute('data-app', /.+/);
    expect(await axeReport(page, { impacts: SERIOUS })).toEqual([]);

    // A paragraph before the app runs: the click waits for it, then opens the player at its second.
    await paragraphLink(page, video.id, second.start).click();
    await expect(page.locator('iframe')).toHaveAttribute(
      'src',
      `${EMBED}${video.id}${PLAYER_QUERY}&start=${Math.floor(second.start)}`,
    );
    await expect(page).toHaveURL(`/videos/${video.id}`);
    await expect.poll(() => listeningPlayers(page)).toBe(1);
    // The player reports its time: the paragraph being said is marked.
    const current = region.locator('a[aria-current="true"]');
    await expect(current).toHaveAttribute('href', `/videos/${video.id}?t=${Math.floor(second.start)}`);
    // It plays: another paragraph seeks the same player, and the mark follows.
    await paragraphLink(page, video.id, third.start).click();
    await expect.poll(() => receivedCommands(page)).toEqual([`seekTo(${third.start},true)`, 'playVideo']);
    await expect(current).toHaveAttribute('href', `/videos/${video.id}?t=${Math.floor(third.start)}`);
    await expect(current).toHaveCount(1);
  });

  test('a link at a paragraph’s time starts the player there', async ({ page }) => {
    await stubYouTubePlayer(page);
    const video = await videoWithTranscript(page.request);
    const at = Math.floor(video.transcript.paragraphs[3].start);
    await page.goto(`/videos/${video.id}?t=${at}`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: `Play ${video.title}` }).click();
    await expect(page.locator('iframe')).toHaveAttribute(
      'src',
      `${EMBED}${video.id}${PLAYER_QUERY}&start=${at}`,
    );
  });
});

test.describe('the top bar’s search', () => {
  test('without JavaScript: a labelled field that submits to /search?q=', async ({ browser }) => {
    await withoutScript(browser, async (page) => {
      await page.goto('/');
      const form = page.getByRole('search');
      await expect(form).toHaveAttribute('action', '/search');
      await form.getByRole('searchbox', { name: 'Search' }).fill('build a shed');
      await form.getByRole('searchbox', { name: 'Search' }).press('Enter');
      await expect(page).toHaveURL('/search?q=build+a+shed');
    });
  });

  test('every page links the OpenSearch description, which the site serves', async ({ request }) => {
    for (const path of ['/', '/videos/noMaxresDem']) {
      const html = await (await request.get(path)).text();
      expect(html).toContain(
        '<link rel="search" type="application/opensearchdescription+xml" href="/opensearch.xml"',
      );
    }
    const res = await request.get('/opensearch.xml');
    expect(res.headers()['content-type']).toBe('application/opensearchdescription+xml; charset=utf-8');
    expect(await res.text()).toMatch(
      /<Url type="text\/html" method="get" template="http:\/\/[^"]+\/search\?q=\{searchTerms\}"\/>/,
    );
  });
});
