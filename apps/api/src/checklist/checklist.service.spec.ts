import type { AuthService } from '../auth/auth.service';
import type { ChannelService } from '../channel/channel.service';
import type { Env } from '../config/env';
import type { SettingsService } from '../settings/settings.service';
import { ChecklistService } from './checklist.service';

function service(env: Partial<Env>) {
  const channels = { find: async () => null } as unknown as ChannelService;
  const auth = {
    setupState: async () => ({ defaultPassword: false, twoFactor: true }),
  } as unknown as AuthService;
  const settings = {
    getMany: async () => ({ sitemapSubmitted: true, firstRunChecklistDismissed: false, enableSitemap: true }),
  } as unknown as SettingsService;
  return new ChecklistService(channels, auth, settings, env as Env);
}

const publicUrl = async (env: Partial<Env>) =>
  (await service(env).checklist(1)).items.find((item) => item.id === 'public-url');

describe('the first-run checklist’s PUBLIC_URL item (issue 24)', () => {
  it('is to do in production while PUBLIC_URL is not set', async () => {
    expect(await publicUrl({ NODE_ENV: 'production' })).toEqual({
      id: 'public-url',
      done: false,
      detail:
        'PUBLIC_URL is not set: the site sends no e-mail, and links in feeds and the sitemap follow whatever host a request names',
    });
  });

  it('is done once it is set, and names it', async () => {
    expect(await publicUrl({ NODE_ENV: 'production', PUBLIC_URL: 'https://example.com' })).toEqual({
      id: 'public-url',
      done: true,
      detail: 'PUBLIC_URL is https://example.com',
    });
  });
});
