import type { FirstRunChecklist } from '@app/contracts';
import { generateSync } from 'otplib';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { ADMIN } from './support/auth';
import { useStack } from './support/stack';
import type { TestApp } from './support/test-app';

/** Issue 24: the first-run checklist, each item's state read from the server. */
describe('GET /api/admin/checklist', () => {
  let t: TestApp;
  let admin: TestAgent;

  useStack({ youtube: { videos: 3, playlists: 1 } }, (s) => ({ t, admin } = s));

  const checklist = async (agent = admin): Promise<FirstRunChecklist> =>
    (await agent.get('/api/admin/checklist').expect(200)).body;
  const done = async (agent = admin) =>
    Object.fromEntries((await checklist(agent)).items.map((item) => [item.id, item.done]));

  it('is admin only', async () => {
    await request(t.server).get('/api/admin/checklist').expect(401);
  });

  it('starts with everything to do but PUBLIC_URL, which only production needs', async () => {
    const list = await checklist();
    expect(list).toEqual({
      items: [
        {
          id: 'channel',
          done: false,
          detail: 'The site shows demo content until the first sync of your channel',
        },
        { id: 'password', done: false, detail: 'The admin still signs in with the default password' },
        { id: 'two-factor', done: false, detail: 'Two-factor sign-in is off' },
        { id: 'public-url', done: true, detail: 'Not needed outside production (PUBLIC_URL is not set)' },
        { id: 'sitemap', done: false, detail: 'Not marked as submitted yet' },
      ],
      complete: false,
      dismissed: false,
    });
  });

  it('ticks each item where its work is done, and is complete at the end', async () => {
    await admin.post('/api/sync/youtube').expect(200);
    const channel = (await checklist()).items.find((item) => item.id === 'channel');
    expect(channel).toEqual({
      id: 'channel',
      done: true,
      detail: expect.stringMatching(/^Synced from YouTube: /),
    });

    const newPassword = 'a-new-password-123';
    await admin
      .post('/api/auth/change-password')
      .send({ currentPassword: ADMIN.password, newPassword })
      .expect(200);
    expect(await done()).toMatchObject({ channel: true, password: true, 'two-factor': false });

    const { secret } = (await admin.post('/api/auth/two-factor/setup').expect(200)).body;
    await admin
      .post('/api/auth/two-factor/enable')
      .send({ password: newPassword, code: generateSync({ secret }) })
      .expect(200);
    expect(await done()).toMatchObject({ 'two-factor': true, sitemap: false });

    await admin.post('/api/settings/sitemapSubmitted').send({ value: true }).expect(200);
    const list = await checklist();
    expect(list.items.every((item) => item.done)).toBe(true);
    expect(list).toMatchObject({ complete: true, dismissed: false });
  });

  it('remembers a dismissal (a setting), and takes it back', async () => {
    await admin.post('/api/settings/firstRunChecklistDismissed').send({ value: true }).expect(200);
    expect((await checklist()).dismissed).toBe(true);
    await admin.post('/api/settings/firstRunChecklistDismissed').send({ value: 'yes' }).expect(400);
    expect((await checklist()).dismissed).toBe(true);
    await admin.post('/api/settings/firstRunChecklistDismissed').send({ value: false }).expect(200);
    expect((await checklist()).dismissed).toBe(false);
  });
});
