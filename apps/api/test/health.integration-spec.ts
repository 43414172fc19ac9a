import request from 'supertest';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with only the status: no database type or uptime for anyone who asks', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.text).not.toMatch(/sqlite|mysql|database|uptime/i);
  });

  it('answers the signed-in admin the same (one URL, one shape)', async () => {
    const admin = await signedInAgent(t.server);
    const res = await admin.get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not answer', async () => {
    const spy = jest.spyOn(t.dataSource, 'query').mockRejectedValueOnce(new Error('connection lost'));
    const res = await request(t.server).get('/api/health').expect(503);
    expect(res.body).toEqual({ status: 'error' });
    spy.mockRestore();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(t.server).get('/api/nope').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
