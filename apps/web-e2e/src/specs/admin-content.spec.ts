import type { ChannelStats, Playlist, Video } from '@app/contracts';
import { writeSetting } from '../pages/admin-api';
import { AdminPage } from '../pages/admin-page';
import { ADMIN_YOUTUBE_API_KEY, fakeYoutubeChannel } from '../pages/admin-servers';
import { expect, test } from '../support/test';

const formatInteger = (value: number) => new Intl.NumberFormat('en-US').format(value);

test('the counters show the videos, playlists and views of the API', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signIn();
  const videos = await page.request.get('/api/videos?limit=1');
  const playlists = (await (await page.request.get('/api/playlists')).json()) as Playlist[];
  const stats = (await (await page.request.get('/api/channel/stats')).json()) as ChannelStats;

  await expect(page.getByTestId('counter-videos')).toHaveText(
    formatInteger(Number(videos.headers()['x-total-count'])),
  );
  await expect(page.getByTestId('counter-playlists')).toHaveText(String(playlists.length));
  // The demo states its total (null only in feed mode, where the counter says Unknown).
  expect(stats.viewCount).not.toBeNull();
  await expect(page.getByTestId('counter-views')).toHaveText(formatInteger(stats.viewCount!));
  for (const label of ['Total Videos', 'Playlists', 'Total Views']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
});

test('Feature makes a video the featured one; its button then reads Featured', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signIn();
  const card = admin.card('Featured Video');
  const rows = card.getByTestId('featured-row');
  await expect(rows).toHaveCount(10);
  const first10 = (await (await page.request.get('/api/videos?limit=10')).json()) as Video[];
  const target = first10.find((video) => !video.featured)!;

  const row = rows.filter({ hasText: target.title });
  await row.getByRole('button', { name: `Feature: ${target.title}` }).click();
  await admin.expectToast('Featured video updated', target.title);
  await expect(row.getByRole('button', { name: `Featured: ${target.title}` })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Featured: / })).toHaveCount(1);

  const featured = (await (await page.request.get('/api/videos/featured')).json()) as Video;
  expect(featured.id).toBe(target.id);
  await page.reload();
  await expect(
    admin.card('Featured Video').getByRole('button', { name: `Featured: ${target.title}` }),
  ).toBeVisible();
});

test('a playlist pin toggles; the card says up to 6 and does not stop a seventh', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signIn();
  const card = admin.card('Pinned Playlists');
  await expect(card).toContainText('Pin up to 6');
  const before = (await (await page.request.get('/api/playlists')).json()) as Playlist[];
  expect(before.length, 'the demo channel has more than 6 playlists').toBeGreaterThan(6);

  try {
    // Pin every playlist: no limit is enforced.
    for (const playlist of before.filter((p) => !p.pinned)) {
      const toggle = card.getByRole('switch', { name: `Pin ${playlist.title}` });
      await admin.flip(toggle);
      await admin.expectToast('Playlist updated', `${playlist.title} is pinned`);
      await expect(toggle).toBeChecked();
    }
    const after = (await (await page.request.get('/api/playlists')).json()) as Playlist[];
    expect(after.filter((p) => p.pinned)).toHaveLength(before.length);

    await page.reload();
    for (const playlist of before) {
      await expect(
        admin.card('Pinned Playlists').getByRole('switch', { name: `Pin ${playlist.title}` }),
      ).toBeChecked();
    }

    // And unpin one.
    const one = before.find((p) => !p.pinned)!;
    await admin.flip(admin.card('Pinned Playlists').getByRole('switch', { name: `Pin ${one.title}` }));
    await admin.expectToast('Playlist updated', `${one.title} is no longer pinned`);
    const unpinned = (await (await page.request.get('/api/playlists')).json()) as Playlist[];
    expect(unpinned.find((p) => p.id === one.id)?.pinned).toBe(false);
  } finally {
    for (const playlist of before) {
      await page.request.post(`/api/playlists/${playlist.id}/pin`, { data: { pinned: playlist.pinned } });
    }
  }
});

test('Sync Now before a channel leads to the Channel field; a real failure shows Syncing..., then the failure toast in words and the Error badge', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signIn();
  const card = admin.card('YouTube Integration');
  const badge = card.locator('.mantine-Badge-root').first();
  // The admin stacks have a key in their environment but no channel: not set up, whatever the key.
  await expect(badge).toHaveText('Not set up');
  const syncCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/sync/youtube')) syncCalls.push(req.method());
  });
  await card.getByRole('button', { name: 'Sync Now' }).click();
  await admin.expectToast('Set up YouTube first', "Paste your channel's URL into Channel below");
  await expect(card.getByRole('textbox', { name: 'Channel' })).toBeFocused();
  expect(syncCalls, 'no sync is asked before a channel is set').toEqual([]);

  // A real failure: the fake's channel with a key YouTube refuses.
  const fake = await fakeYoutubeChannel();
  try {
    await writeSetting(page.request, 'channelId', fake.id);
    await writeSetting(page.request, 'youtubeApiKey', 'not-the-key');
    await page.reload();
    await expect(badge).toHaveText('Connected');
    // Hold the call to see the pending state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sync/youtube', async (route) => {
      await held;
      await route.continue();
    });
    await card.getByRole('button', { name: 'Sync Now' }).click();
    const syncing = card.getByRole('button', { name: 'Syncing...' });
    await expect(syncing).toBeDisabled();
    await expect(syncing.locator('.mantine-Loader-root')).toBeVisible();
    const answer = page.waitForResponse('**/api/sync/youtube');
    release();
    const res = await answer;
    expect(res.ok()).toBe(false);
    const { message } = (await res.json()) as { message: string };
    const toast = await admin.expectDestructiveToast('FolderSync failed', message);
    await expect(toast, 'the description is for a person: no status code').not.toContainText(
      `${res.status()}: `,
    );
    await expect(card.getByRole('button', { name: 'Sync Now' })).toBeEnabled();
    await expect(badge).toHaveText('Error');
  } finally {
    await writeSetting(page.request, 'youtubeApiKey', ADMIN_YOUTUBE_API_KEY);
    await writeSetting(page.request, 'channelId', '');
  }
});
