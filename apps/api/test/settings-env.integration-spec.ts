import { SECRET_MASK } from '@app/contracts';
import request from 'supertest';
import { SettingsService } from '../src/settings/settings.service';
import { signedInAgent } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

const ENV = {
  GOOGLE_ANALYTICS_ID: 'G-ENV1234567',
  DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/42/env-token',
  MAILCHIMP_API_KEY: 'envkey0123456789-us21',
};

/** The settings that start from environment variables: an analytics id, a Discord webhook URL, a newsletter-service key. */
describe('settings from the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: ENV });
  });
  afterAll(() => t.close());

  it('start the integrations switched on; secrets stay masked and never reach visitors', async () => {
    const visitor = await request(t.server).get('/api/settings').expect(200);
    expect(visitor.body).toMatchObject({ googleAnalyticsId: 'G-ENV1234567', enableGoogleAnalytics: true });
    expect(visitor.text).not.toContain('env-token');
    expect(visitor.text).not.toContain('envkey');

    const admin = await signedInAgent(t.server);
    const view = await admin.get('/api/admin/settings').expect(200);
    expect(view.body).toMatchObject({
      googleAnalyticsId: 'G-ENV1234567',
      enableGoogleAnalytics: true,
      enableDiscordWebhook: true,
      discordWebhook: SECRET_MASK,
      mailchimpApiKey: SECRET_MASK,
    });
    expect(view.text).not.toContain('env-token');
    // Inside the server the clear values are there for the notifications and the newsletter.
    const service = t.app.get(SettingsService);
    expect(await service.getMany(['discordWebhook', 'mailchimpApiKey'])).toEqual({
      discordWebhook: ENV.DISCORD_WEBHOOK_URL,
      mailchimpApiKey: ENV.MAILCHIMP_API_KEY,
    });
  });

  it('are defaults only: what the admin saves wins, and a restore without the key goes back to them', async () => {
    const admin = await signedInAgent(t.server);
    await admin.post('/api/settings/googleAnalyticsId').send({ value: 'G-SAVED12345' }).expect(200);
    await admin.post('/api/settings/enableDiscordWebhook').send({ value: false }).expect(200);
    expect((await admin.get('/api/admin/settings')).body).toMatchObject({
      googleAnalyticsId: 'G-SAVED12345',
      enableDiscordWebhook: false,
    });

    const backup = (await admin.get('/api/admin/export').expect(200)).body;
    delete backup.settings.googleAnalyticsId;
    delete backup.settings.enableDiscordWebhook;
    await admin.post('/api/admin/import').send(backup).expect(200);
    expect((await admin.get('/api/admin/settings')).body).toMatchObject({
      googleAnalyticsId: 'G-ENV1234567',
      enableDiscordWebhook: true,
    });
  });
});
