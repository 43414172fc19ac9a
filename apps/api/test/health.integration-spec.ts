import request from 'supertest';
import { startTestApp, type TestApp, usingMysql } from './support/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with the database it pinged', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      database: usingMysql() ? 'mysql' : 'sqlite',
      databaseUp: true,
    });
  });

  it('answers 503 when the database does not answer', async () => {
    const spy = jest.spyOn(t.dataSource, 'query').mockRejectedValueOnce(new Error('connection lost'));
    const res = await request(t.server).get('/api/health').expect(503);
    expect(res.body).toMatchObject({ status: 'error', databaseUp: false });
    spy.mockRestore();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(t.server).get('/api/nope').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
