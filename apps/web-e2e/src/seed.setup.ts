import { test as setup } from '@playwright/test';
import { importBackup, signedInApi } from './pages/admin-api';
import { channelBackup } from './support/backup';
import { REAL_CHANNEL, thumbnailSizes } from './support/real-channel';
import { LARGE_VIDEO_COUNT, serverUrl } from './support/servers';
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
