import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { SponsorshipEntity } from '../src/sponsorships/sponsorship.entity';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

const deal = {
  sponsorName: 'Acme Tools',
  url: 'https://acme.example/desk',
  message: 'This video is sponsored by Acme',
  amountUsd: 1234.56,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  videoIds: [] as string[],
};

describe('sponsorships (admin)', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signedInAgent(t.server);
  });
  afterAll(() => t.close());
  beforeEach(() => t.dataSource.getRepository(SponsorshipEntity).clear());

  it('creates, lists (latest start first), updates and deletes a deal; cents stay exact', async () => {
    const created = await admin.post('/api/admin/sponsorships').send(deal).expect(201);
    expect(created.body).toEqual({ id: expect.any(Number), ...deal });
    const later = await admin
      .post('/api/admin/sponsorships')
      .send({
        ...deal,
        sponsorName: 'Later',
        startDate: '2026-04-01',
        endDate: '2026-04-01',
        message: undefined,
      })
      .expect(201);
    expect(later.body).toMatchObject({ sponsorName: 'Later', message: '' });

    const list = await admin.get('/api/admin/sponsorships').expect(200);
    expect(list.body.sponsorships.map((s: { sponsorName: string }) => s.sponsorName)).toEqual([
      'Later',
      'Acme Tools',
    ]);
    const row = await t.dataSource.getRepository(SponsorshipEntity).findOneByOrFail({ id: created.body.id });
    expect(row.amountCents).toBe(123456);

    const id = created.body.id as number;
    const updated = await admin
      .put(`/api/admin/sponsorships/${id}`)
      .send({ ...deal, amountUsd: 0.1, endDate: '2026-03-02' })
      .expect(200);
    expect(updated.body).toEqual({ id, ...deal, amountUsd: 0.1, endDate: '2026-03-02' });

    const deleted = await admin.delete(`/api/admin/sponsorships/${id}`).expect(200);
    expect(deleted.body).toMatchObject({ id, sponsorName: 'Acme Tools' });
    const after = await admin.get('/api/admin/sponsorships').expect(200);
    expect(after.body.sponsorships).toHaveLength(1);
  });

  it.each([
    ['sponsorName', { ...deal, sponsorName: '' }, 'sponsorName: is required'],
    ['sponsorName', { ...deal, sponsorName: 'x'.repeat(101) }, 'sponsorName: must be at most 100 characters'],
    ['url', { ...deal, url: 'http://acme.example' }, 'url: must be an https:// URL'],
    ['url', { ...deal, url: 'not a url' }, 'url: must be an https:// URL'],
    ['message', { ...deal, message: 'x'.repeat(1001) }, 'message: must be at most 1000 characters'],
    ['amountUsd', { ...deal, amountUsd: -1 }, 'amountUsd: must be 0 or more'],
    ['amountUsd', { ...deal, amountUsd: 1.234 }, 'amountUsd: must have at most 2 decimals'],
    ['amountUsd', { ...deal, amountUsd: '10' }, 'amountUsd: must be a number'],
    ['startDate', { ...deal, startDate: '2026-3-1' }, 'startDate: must be a date like 2026-01-31'],
    ['startDate', { ...deal, startDate: '2026-02-30' }, 'startDate: must be a real date'],
    ['endDate', { ...deal, endDate: '2026-13-01' }, 'endDate: must be a real date'],
    ['endDate', { ...deal, endDate: '2026-02-28' }, 'endDate: must be on or after startDate'],
    ['extra', { ...deal, extra: 1 }, 'extra: is not allowed'],
  ])('refuses a bad %s with a 400 naming the field, and stores nothing', async (_, body, message) => {
    const res = await admin.post('/api/admin/sponsorships').send(body).expect(400);
    expect(res.body.message).toBe(message);
    expect(await t.dataSource.getRepository(SponsorshipEntity).count()).toBe(0);
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    expect((await admin.put('/api/admin/sponsorships/999').send(deal).expect(404)).body.message).toBe(
      'Sponsorship 999 not found',
    );
    await admin.delete('/api/admin/sponsorships/999').expect(404);
    expect((await admin.delete('/api/admin/sponsorships/abc').expect(400)).body.message).toMatch(/^id: /);
  });

  it('travels in the backup: export lists the deals oldest first, import replaces them, an older file keeps them', async () => {
    const second = { ...deal, sponsorName: 'Second', startDate: '2026-04-01', endDate: '2026-04-30' };
    await admin.post('/api/admin/sponsorships').send(second).expect(201);
    await admin.post('/api/admin/sponsorships').send(deal).expect(201);
    const backup = (await admin.get('/api/admin/export').expect(200)).body;
    expect(backup.sponsorships).toEqual([deal, second]);

    await admin
      .post('/api/admin/import')
      .send({ ...backup, sponsorships: [{ ...second, amountUsd: 5 }] })
      .expect(200);
    const listed = (await admin.get('/api/admin/sponsorships').expect(200)).body.sponsorships;
    expect(listed).toEqual([{ id: expect.any(Number), ...second, amountUsd: 5 }]);

    const { sponsorships: _, ...older } = backup;
    await admin.post('/api/admin/import').send(older).expect(200);
    expect((await admin.get('/api/admin/sponsorships').expect(200)).body.sponsorships).toEqual(listed);

    const bad = await admin
      .post('/api/admin/import')
      .send({ ...backup, sponsorships: [{ ...deal, url: 'ftp://x' }] })
      .expect(400);
    expect(bad.body.message).toBe('sponsorships.0.url: must be an https:// URL');
    expect((await admin.get('/api/admin/sponsorships').expect(200)).body.sponsorships).toEqual(listed);
  });

  it('is refused without a session', async () => {
    await request(t.server).get('/api/admin/sponsorships').expect(401);
    await request(t.server).post('/api/admin/sponsorships').send(deal).expect(401);
    expect(await t.dataSource.getRepository(SponsorshipEntity).count()).toBe(0);
  });
});
