import { type MediaKit, type PageModel, pageModelUrl } from '@app/contracts';
import request from 'supertest';
import { saveSettings, type Stack, startStack } from './support/stack';

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
});
