import { type MediaKit, type PageModel, pageModelUrl } from '@app/contracts';
import request from 'supertest';
import { YoutubeAnalyticsScheduler } from '../src/youtube-analytics/youtube-analytics-scheduler';
import { connectGoogle } from './support/google-connect';
import { googleClientSettings, saveSettings, type Stack, startStack, withStack } from './support/stack';

/**
 * The media kit (docs/media-kit.md): `/media-kit` is off by default (the not-found page, 404), the signed-in owner
 * sees it anyway as a preview, and once switched on everyone does. Read anew at every view (`no-store`), its figures
 * each with their source and time, or why they are missing; never a sample.
 */
describe('media kit', () => {
  let s: Stack;
  const model = async (agent: { get: (url: string) => request.Test }) => {
    const res = await agent.get(pageModelUrl('/media-kit')).expect(200);
    return { model: res.body as PageModel, headers: res.headers };
  };
  const anonymous = () => request(s.t.server);

  beforeAll(async () => {
    s = await startStack();
  });
  afterAll(() => s.close());

  it('is off by default: anonymous visitors get the not-found page, the setting is not public', async () => {
    const { model: page } = await model(anonymous());
    expect(page).toMatchObject({ kind: 'not-found', status: 404, data: null });
    const settings = (await anonymous().get('/api/settings').expect(200)).body;
    expect(settings).not.toHaveProperty('enableMediaKit');
    expect((await s.admin.get('/api/admin/settings').expect(200)).body.enableMediaKit).toBe(false);
  });

  it('shows the signed-in owner a preview while it is off, kept by no cache', async () => {
    const { model: page, headers } = await model(s.admin);
    expect(page).toMatchObject({ kind: 'media-kit', status: 200, head: '' });
    expect((page.data as MediaKit).preview).toBe(true);
    expect(headers['cache-control']).toBe('no-store');
  });

  it('once on, shows everyone the media kit: the demo channel’s counts and the unconnected YouTube figures say why they are missing', async () => {
    await saveSettings(s.admin, { enableMediaKit: true });
    const { model: page, headers } = await model(anonymous());
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['set-cookie']).toBeUndefined();
    expect(page).toMatchObject({ kind: 'media-kit', status: 200 });
    const kit = page.data as MediaKit;
    expect(kit.preview).toBe(false);
    const demo = { available: false, gap: 'demo', availableOn: null };
    const notConnected = { available: false, gap: 'not-connected', availableOn: null };
    expect(kit).toMatchObject({
      subscribers: demo,
      averageViews: demo,
      period: null,
      views30d: notConnected,
      topCountries: notConnected,
      ageGender: notConnected,
      engagement: notConnected,
    });
    // Off again: a 404 at once (the setting bumps the content version the not-found page is kept by).
    await saveSettings(s.admin, { enableMediaKit: false });
    expect((await model(anonymous())).model).toMatchObject({ kind: 'not-found', status: 404 });
  });

  it('refuses a value that is not true or false (400 naming the setting), and turning it on without a session (401)', async () => {
    const bad = await s.admin.post('/api/settings/enableMediaKit').send({ value: 'yes' }).expect(400);
    expect(bad.body.message).toMatch(/^enableMediaKit: /);
    await anonymous().post('/api/settings/enableMediaKit').send({ value: true }).expect(401);
    expect((await s.admin.get('/api/admin/settings').expect(200)).body.enableMediaKit).toBe(false);
  });

  it('with YouTube Analytics connected, gives the 30 days’ figures as read there (the nightly import’s)', async () => {
    await withStack(
      {
        google: true,
        env: ({ google }) => ({ YOUTUBE_CHANNEL_ID: google!.info.owner.channelId! }),
        settings: ({ google }) => ({ ...googleClientSettings(google!), enableMediaKit: true }),
      },
      async ({ t, admin, google }) => {
        const stored: { id: string; publishedAt: string | Date }[] = await t.dataSource.query(
          'SELECT id, publishedAt FROM video',
        );
        const recent = stored.filter((v) => Date.now() - new Date(v.publishedAt).getTime() < 60 * 86_400_000);
        await google.control('POST', 'owner', {
          videos: recent.map((v) => ({ id: v.id, publishedAt: new Date(v.publishedAt).toISOString() })),
        });
        await connectGoogle(admin, google);
        await t.app.get(YoutubeAnalyticsScheduler).whenIdle();
        const kit = (await request(t.server).get(pageModelUrl('/media-kit')).expect(200)).body
          .data as MediaKit;
        const read = { available: true, source: 'youtube-analytics', readAt: expect.any(String) };
        expect(kit).toMatchObject({
          period: { from: expect.any(String), to: expect.any(String) },
          views30d: { ...read, value: expect.any(Number) },
          topCountries: read,
          ageGender: read,
          engagement: { ...read, value: { ratePercent: expect.any(Number) } },
        });
        if (!kit.views30d.available || !kit.ageGender.available) throw new Error('no figures');
        expect(kit.views30d.value).toBeGreaterThan(0);
        const share = kit.ageGender.value.reduce((sum, row) => sum + row.viewerPercentage, 0);
        expect(share).toBeGreaterThan(98);
        expect(share).toBeLessThan(102);
      },
    );
  });
});
