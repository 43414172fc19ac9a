import type { Video } from '@app/contracts';
import type { FakeGoogleOwnerPatch } from '@app/contracts/fake-google';
import type { FakeChannelInfo } from '@app/contracts/fake-youtube';
import { test as setup } from '@playwright/test';
import { importBackup, signedInApi } from './pages/admin-api';
import { channelBackup } from './support/backup';
import { REAL_CHANNEL, thumbnailSizes } from './support/real-channel';
import { GOOGLE_FAKE_URL, LARGE_VIDEO_COUNT, REAL_FAKE_YOUTUBE_URL, serverUrl } from './support/servers';
import { imagesSettled } from './support/site-images';

setup('the empty stack has no channel, videos or playlists', async () => {
  const api = await signedInApi(serverUrl('empty'));
  await importBackup(api, channelBackup({ videos: 0 }));
  await api.dispose();
});

setup('the large stack has 10,000 videos', async () => {
  setup.setTimeout(180_000);
  const api = await signedInApi(serverUrl('large'));
  await importBackup(api, channelBackup({ videos: LARGE_VIDEO_COUNT, playlists: 8 }));
  await api.dispose();
});

setup('the demo stack has its images (made from the demo’s own pictures at start)', async () => {
  const api = await signedInApi(serverUrl('demo'));
  await imagesSettled(api);
  await api.dispose();
});

setup(
  'the real stack is synced from the fake YouTube, its featured video one without thumbnails, its images brought home',
  async () => {
    const api = await signedInApi(serverUrl('real'));
    const sync = await api.post('/api/sync/youtube');
    if (!sync.ok()) throw new Error(`sync: ${sync.status()} ${await sync.text()}`);
    const sizes = await thumbnailSizes();
    const bare = REAL_CHANNEL.videoWith(sizes, 'none');
    const featured = await api.post(`/api/videos/${bare}/featured`);
    if (!featured.ok()) throw new Error(`featured: ${featured.status()} ${await featured.text()}`);
    await imagesSettled(api);
    await api.dispose();
  },
);

setup(
  'the google stack is synced from the real stack’s fake YouTube, whose channel the fake Google’s owner manages',
  async () => {
    const api = await signedInApi(serverUrl('google'));
    const sync = await api.post('/api/sync/youtube');
    if (!sync.ok()) throw new Error(`sync: ${sync.status()} ${await sync.text()}`);
    const channel = (await (
      await fetch(`${REAL_FAKE_YOUTUBE_URL}/__fake/channel`)
    ).json()) as FakeChannelInfo;
    const videos = (await (await api.get('/api/videos?limit=200')).json()) as Video[];
    const owner: FakeGoogleOwnerPatch = {
      channelId: channel.id,
      channelTitle: channel.title,
      handle: channel.handle,
      videos: videos.map(({ id, publishedAt }) => ({ id, publishedAt })),
      // YouTube views that came from this site: EXT_URL traffic from its host.
      externalSites: [new URL(serverUrl('google')).host],
    };
    const res = await fetch(`${GOOGLE_FAKE_URL}/__fake/owner`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(owner),
    });
    if (!res.ok) throw new Error(`fake Google owner: ${res.status} ${await res.text()}`);
    await api.dispose();
  },
);
