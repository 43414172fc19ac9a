import { SECRET_MASK } from '@app/contracts';
import type TestAgent from 'supertest/lib/agent';
import { FAKE_API_KEY, type FakeYouTube, startFakeYouTube } from './support/fake-youtube';
import { withStack } from './support/stack';
import type { TestApp } from './support/test-app';

/** Issue 24: the key and the channel are set in the dashboard, the environment only gives starting values. */
describe('YouTube set-up in the dashboard', () => {
  let fake: FakeYouTube;
  beforeAll(async () => {
    fake = await startFakeYouTube({ videos: 3, playlists: 1 });
  });
  afterAll(() => fake?.stop());

  const withApp = (env: Record<string, string>, body: (admin: TestAgent, t: TestApp) => Promise<void>) =>
    withStack({ env }, ({ admin, t }) => body(admin, t));
  const adminSettings = async (admin: TestAgent) =>
    (await admin.get('/api/admin/settings').expect(200)).body as Record<string, unknown>;
  const saveChannel = (admin: TestAgent, value: unknown) =>
    admin.post('/api/settings/channelId').send({ value });

  it('starts without a key: a handle needs one, a UC… id or its URL is stored, nothing else is', () =>
    withApp({ YOUTUBE_API_BASE_URL: fake.url, YOUTUBE_FEED_BASE_URL: fake.feedBaseUrl }, async (admin) => {
      expect(await adminSettings(admin)).toMatchObject({ youtubeApiKey: '', channelId: '' });
      await fake.reset();
      expect((await saveChannel(admin, fake.handle).expect(400)).body).toEqual({
        statusCode: 400,
        message:
          'channelId: an @handle can only be looked up with the YouTube API key, and none is set: save the key first, or give the channel URL youtube.com/channel/UC… or its UC… id',
        error: 'Bad Request',
      });
      expect((await saveChannel(admin, 'https://vimeo.com/channel/x').expect(400)).body.message).toBe(
        'channelId: must be a channel URL (youtube.com/@name or youtube.com/channel/UC…), an @handle or a UC… channel id',
      );
      expect((await saveChannel(admin, 42).expect(400)).body.message).toBe('channelId: must be a string');
      expect((await adminSettings(admin)).channelId).toBe('');
      const url = `https://www.youtube.com/channel/${fake.channelId}/videos`;
      expect((await saveChannel(admin, url).expect(200)).body).toEqual({
        key: 'channelId',
        value: fake.channelId,
      });
      // No key: the channel's feed said it exists (0 units); nothing was asked of the Data API.
      const stats = await fake.stats();
      expect({ units: stats.units, feedRequests: stats.feedRequests }).toEqual({ units: 0, feedRequests: 1 });
    }));

  it('keeps the saved key secret (masked, out of backups) and resolves handles and URLs with it for 1 unit each', () =>
    withApp({ YOUTUBE_API_BASE_URL: fake.url }, async (admin) => {
      const saved = await admin.post('/api/settings/youtubeApiKey').send({ value: FAKE_API_KEY }).expect(200);
      expect(saved.body).toEqual({ key: 'youtubeApiKey', value: SECRET_MASK });
      const view = await admin.get('/api/admin/settings').expect(200);
      expect(view.body.youtubeApiKey).toBe(SECRET_MASK);
      expect(view.text).not.toContain(FAKE_API_KEY);
      const backup = await admin.get('/api/admin/export').expect(200);
      expect(backup.text).not.toContain(FAKE_API_KEY);
      expect(backup.body.settings).not.toHaveProperty('youtubeApiKey');
      // The mask posted back keeps the key.
      await admin.post('/api/settings/youtubeApiKey').send({ value: SECRET_MASK }).expect(200);

      for (const input of [
        fake.handle,
        `https://www.youtube.com/${fake.handle}/videos`,
        `youtube.com/${fake.handle}`,
        fake.channelId,
      ]) {
        await fake.reset();
        await saveChannel(admin, '').expect(200);
        expect((await saveChannel(admin, input).expect(200)).body.value).toBe(fake.channelId);
        const stats = await fake.stats();
        expect({ units: stats.units, channels: stats.calls.channels }).toEqual({ units: 1, channels: 1 });
      }

      const missing = await saveChannel(admin, '@nobody-at-all').expect(400);
      expect(missing.body.message).toBe('channelId: YouTube has no channel @nobody-at-all');
      expect((await saveChannel(admin, 'UC0000000000000000000000').expect(400)).body.message).toBe(
        'channelId: YouTube has no channel UC0000000000000000000000',
      );
      expect((await adminSettings(admin)).channelId).toBe(fake.channelId);

      // The connection test and the sync use the saved key.
      const test = await admin.post('/api/integrations/youtube/test').expect(200);
      expect(test.body).toMatchObject({ ok: true });
      await admin.post('/api/sync/youtube').expect(200);

      // A key YouTube refuses: the channel cannot be checked, and stays as it was.
      await admin.post('/api/settings/youtubeApiKey').send({ value: 'refused-key' }).expect(200);
      const refused = await saveChannel(admin, fake.handle).expect(502);
      expect(refused.body.message).toMatch(
        /^channelId: the channel could not be checked: YouTube API error \(/,
      );
      expect((await adminSettings(admin)).channelId).toBe(fake.channelId);
    }));

  it('takes YOUTUBE_API_KEY as the starting value; a key saved in the dashboard wins', () =>
    withApp(fake.env({ YOUTUBE_API_KEY: 'env-key-youtube-refuses' }), async (admin) => {
      expect((await adminSettings(admin)).youtubeApiKey).toBe(SECRET_MASK);
      await admin.post('/api/sync/youtube').expect(502);
      await admin.post('/api/settings/youtubeApiKey').send({ value: FAKE_API_KEY }).expect(200);
      await admin.post('/api/sync/youtube').expect(200);
    }));

  it('refuses a key with spaces with a 400 naming the field, and keeps the stored one', () =>
    withApp(fake.env(), async (admin) => {
      const res = await admin.post('/api/settings/youtubeApiKey').send({ value: 'two words' }).expect(400);
      expect(res.body.message).toBe(
        'youtubeApiKey: must be a single word of letters, digits, - and _ (like AIza…)',
      );
      await admin.post('/api/sync/youtube').expect(200);
    }));
});
