import { test as setup } from '@playwright/test';
import { importBackup, signedInApi } from './pages/admin-api';
import { channelBackup } from './support/backup';
import { LARGE_VIDEO_COUNT, serverUrl } from './support/servers';

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
