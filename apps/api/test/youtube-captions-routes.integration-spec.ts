import { apiPaths } from '@app/contracts';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { useStack } from './support/stack';
import type { TestApp } from './support/test-app';
import { captionsCard } from './support/youtube-captions';

/**
 * The routes of Transcripts from YouTube: the session and same-origin guards, and a bad switch body refused
 * (nothing connected: the routes answer before anything is asked of Google). The import: youtube-captions.
 */

describe('Transcripts from YouTube', () => {
  let t: TestApp;
  let admin: TestAgent;
  useStack({}, (s) => ({ t, admin } = s));
  const { status } = captionsCard(() => ({ t, admin }));

  describe('routes', () => {
    it('answers 401 to a visitor on every route', async () => {
      const visitor = request(t.server);
      for (const res of [
        await visitor.get(apiPaths.youtubeCaptionsStatus),
        await visitor.post(apiPaths.youtubeCaptionsSwitch).send({ enabled: true }),
        await visitor.post(apiPaths.youtubeCaptionsRefresh),
      ]) {
        expect([res.status, res.body.message]).toEqual([401, 'Authentication required']);
      }
    });

    it('refuses the switch and Refresh from another origin (CSRF)', async () => {
      const evil = { Origin: 'https://evil.example' };
      expect(
        (await admin.post(apiPaths.youtubeCaptionsSwitch).set(evil).send({ enabled: true })).status,
      ).toBe(403);
      expect((await admin.post(apiPaths.youtubeCaptionsRefresh).set(evil)).status).toBe(403);
    });

    it('answers 400 naming the field for a bad switch body, and changes nothing', async () => {
      for (const [body, message] of [
        [{}, 'enabled: is required'],
        [{ enabled: 'yes' }, 'enabled: must be true or false'],
        [{ enabled: true, scope: 'x' }, 'scope: is not allowed'],
      ] as const) {
        const res = await admin.post(apiPaths.youtubeCaptionsSwitch).send(body);
        expect([res.status, res.body.message]).toEqual([400, message]);
      }
      expect((await status()).enabled).toBe(false);
    });
  });
});
