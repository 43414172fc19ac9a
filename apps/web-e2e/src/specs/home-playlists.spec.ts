import type { Playlist } from '@app/contracts';
import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { attachScreenshot } from '../support/screenshots';

// Behaviour, not layout: the desktop project runs it (playwright.config.ts; the phone runs the layout specs).

test('playlists link to their page in a new tab; those without a thumbnail get a gradient', async ({
  page,
}, testInfo) => {
  const home = new HomePage(page);
  await home.goto();
  const playlists = (await (await page.request.get('/api/playlists')).json()) as Playlist[];
  const shown = [...playlists.filter((p) => p.pinned), ...playlists.filter((p) => !p.pinned)].slice(0, 6);
  const links = home.playlists.getByRole('link');
  await expect(links).toHaveCount(shown.length);
  for (const [i, playlist] of shown.entries()) {
    await expect(links.nth(i)).toHaveAttribute(
      'href',
      `https://www.youtube.com/playlist?list=${playlist.id}`,
    );
    await expect(links.nth(i)).toHaveAttribute('target', '_blank');
    await expect(links.nth(i)).toContainText(playlist.title);
    if (!playlist.thumbnail) {
      await expect(links.nth(i).getByTestId('playlist-gradient')).toHaveAttribute(
        'data-gradient',
        String(playlist.id.charCodeAt(0) % 6),
      );
    }
  }
  await home.playlists.scrollIntoViewIfNeeded();
  await attachScreenshot(testInfo, 'playlists', page);
});

test('Join the Community: each button writes its console message; Subscribe also opens its form', async ({
  page,
}) => {
  const home = new HomePage(page);
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  const requests: string[] = [];
  await home.goto();
  await home.loaded();
  page.on('request', (r) => {
    // Images of the cards scrolled into view may load, and the page's code (issue 14, 23). The site's
    // own analytics beacon (POST /api/events) leaves whenever its queue is idle or the page hides, whatever
    // was clicked, so it is not one of these clicks' requests. No other call, nothing else may be asked for.
    const { pathname } = new URL(r.url());
    const code = ['script', 'stylesheet'].includes(r.resourceType()) && pathname.startsWith('/assets/');
    const beacon = r.method() === 'POST' && pathname === '/api/events';
    // The page's app may start on the first of these clicks (issue 23: it starts when the page needs it), and then
    // asks once whether a stream is live (its data came with the page, maybe minutes ago). Not these clicks' either.
    const liveCheck = r.method() === 'GET' && pathname === '/api/live';
    // Starting, it also fetches the data the server rendered the page with, to hydrate it (/page-data/{id}).
    const pageData = r.method() === 'GET' && pathname.startsWith('/page-data/');
    if (!['image', 'font'].includes(r.resourceType()) && !code && !beacon && !liveCheck && !pageData)
      requests.push(r.url());
  });
  const url = page.url();
  // A click before the page's app runs is handed to it once it has started (boot.ts), so each message may come
  // a moment after its click; the next click waits for it, as a visitor who saw nothing happen would.
  const clicked = () => logs.filter((l) => / clicked$/.test(l));
  const expected: string[] = [];
  for (const [name, message] of [
    ['Join Now', 'Join Discord clicked'],
    ['Follow', 'Follow on Twitter clicked'],
    ['Subscribe', 'Newsletter subscribe clicked'],
  ]) {
    await home.community.getByRole('button', { name }).click();
    expected.push(message);
    await expect.poll(clicked).toEqual(expected);
  }
  await expect(page.getByRole('dialog', { name: /^Subscribe:/ })).toBeVisible();
  expect(page.url()).toBe(url);
  expect(requests).toEqual([]);
});
