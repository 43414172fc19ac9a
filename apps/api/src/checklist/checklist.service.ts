import { Inject, Injectable } from '@nestjs/common';
import type { ChecklistItem, FirstRunChecklist } from '@app/contracts';
import { AuthService } from '../auth/auth.service';
import { ChannelService } from '../channel/channel.service';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { SettingsService } from '../settings/settings.service';

/**
 * The first-run checklist (issue 24), each item's state read from where it lives: the synced channel row, the
 * admin's account, the environment and two settings. It never writes: an item turns done where its work is done.
 */
@Injectable()
export class ChecklistService {
  constructor(
    private readonly channels: ChannelService,
    private readonly auth: AuthService,
    private readonly settings: SettingsService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async checklist(userId: number): Promise<FirstRunChecklist> {
    const [channel, account, s] = await Promise.all([
      this.channels.find(),
      this.auth.setupState(userId),
      this.settings.getMany(['sitemapSubmitted', 'firstRunChecklistDismissed', 'enableSitemap']),
    ]);
    const synced = channel !== null && !channel.isDemo;
    const production = this.env.NODE_ENV === 'production';
    const items: ChecklistItem[] = [
      {
        id: 'channel',
        done: synced,
        detail: synced
          ? `Synced from YouTube: ${channel.title}`
          : 'The site shows demo content until the first sync of your channel',
      },
      {
        id: 'password',
        done: !account.defaultPassword,
        detail: account.defaultPassword
          ? 'The admin still signs in with the default password'
          : 'The default password has been changed',
      },
      {
        id: 'two-factor',
        done: account.twoFactor,
        detail: account.twoFactor ? 'Two-factor sign-in is on' : 'Two-factor sign-in is off',
      },
      {
        id: 'public-url',
        // Outside production the request's own host serves (localhost while developing): nothing to do there.
        done: Boolean(this.env.PUBLIC_URL) || !production,
        detail: this.env.PUBLIC_URL
          ? `PUBLIC_URL is ${this.env.PUBLIC_URL}`
          : production
            ? 'PUBLIC_URL is not set: the site sends no e-mail, and links in feeds and the sitemap follow whatever host a request names'
            : 'Not needed outside production (PUBLIC_URL is not set)',
      },
      {
        id: 'sitemap',
        done: s.sitemapSubmitted,
        detail: s.sitemapSubmitted
          ? 'Marked as submitted'
          : s.enableSitemap
            ? 'Not marked as submitted yet'
            : 'The sitemap is switched off (Settings → SEO)',
      },
    ];
    return {
      items,
      complete: items.every((item) => item.done),
      dismissed: s.firstRunChecklistDismissed,
    };
  }
}
