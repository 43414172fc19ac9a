import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type IntegrationCheck, type IntegrationId, isIntegrationId } from '@app/contracts';
import { createHash } from 'node:crypto';
import type { Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import { DEFAULT_MAILCHIMP_API_BASE_URL, type Env } from '../config/env';
import { SMTP_SETTINGS_KEYS } from '../notifications/email.service';
import { NotificationsService, USER_AGENT } from '../notifications/notifications.service';
import { type OutboundPolicy, outboundPolicy } from '../common/outbound/outbound-http';
import { SettingsService } from '../settings/settings.service';
import { configuredApiKey, configuredChannel } from '../youtube/youtube-config';
import { IntegrationCheckEntity } from './integration-check.entity';
import {
  checkDiscord,
  checkEmail,
  checkGoogleAnalytics,
  checkMailchimp,
  type CheckOutcome,
  checkPlausible,
  checkWebhook,
  checkYouTube,
} from './integration-checks';
import { toIntegrationCheck } from './integrations.mapper';

interface Planned {
  /** What the test depends on; a stored result about other values is stale. */
  inputs: unknown[];
  run: () => Promise<CheckOutcome>;
}

/**
 * Connection tests (`POST /api/integrations/{id}/test`) and the last result of each, kept in
 * `integration_check` so the Overview's badge can show a real Error state.
 */
@Injectable()
export class IntegrationsService {
  private readonly policy: OutboundPolicy;

  constructor(
    @InjectRepository(IntegrationCheckEntity) private readonly checks: Repository<IntegrationCheckEntity>,
    private readonly settings: SettingsService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.policy = outboundPolicy(env);
  }

  /** Runs the integration's check now and records the result. */
  async test(id: IntegrationId): Promise<IntegrationCheck> {
    const planned = await this.plan(id);
    const started = performance.now();
    const outcome = await planned.run();
    const row = this.checks.create({
      id,
      ...outcome,
      checkedAt: new Date(this.clock.now()),
      durationMs: Math.round(performance.now() - started),
      fingerprint: fingerprint(planned.inputs),
    });
    await this.checks.upsert(row, ['id']);
    return toIntegrationCheck(row);
  }

  /** The last result of each integration whose settings are still the ones it tested. */
  async lastChecks(): Promise<IntegrationCheck[]> {
    const rows = (await this.checks.find()).filter((row) => isIntegrationId(row.id));
    const current = await Promise.all(
      rows.map(async (row) => fingerprint((await this.plan(row.id as IntegrationId)).inputs)),
    );
    return rows.filter((row, i) => row.fingerprint === current[i]).map(toIntegrationCheck);
  }

  private async plan(id: IntegrationId): Promise<Planned> {
    switch (id) {
      case 'youtube': {
        const channel = await configuredChannel(this.settings, this.env);
        const apiKey = await configuredApiKey(this.settings);
        const { YOUTUBE_API_BASE_URL: baseUrl, YOUTUBE_FEED_BASE_URL: feedBaseUrl } = this.env;
        return {
          inputs: [baseUrl, feedBaseUrl, apiKey, channel],
          run: () => checkYouTube({ baseUrl, feedBaseUrl, apiKey, channel, policy: this.policy }),
        };
      }
      case 'discord': {
        const url = await this.settings.get('discordWebhook');
        return { inputs: [url], run: () => checkDiscord(url, this.policy, USER_AGENT) };
      }
      case 'custom-webhook': {
        const s = await this.settings.getMany(['customWebhookUrl', 'customWebhookSecret']);
        return {
          inputs: [s.customWebhookUrl, s.customWebhookSecret],
          run: () =>
            checkWebhook(s.customWebhookUrl, s.customWebhookSecret, (url, secret) =>
              this.notifications.pingWebhook(url, secret),
            ),
        };
      }
      case 'mailchimp': {
        const { mailchimpApiKey: apiKey, mailchimpAudienceId: audienceId } = await this.settings.getMany([
          'mailchimpApiKey',
          'mailchimpAudienceId',
        ]);
        const baseUrl = this.env.MAILCHIMP_API_BASE_URL ?? DEFAULT_MAILCHIMP_API_BASE_URL;
        // The audience the newsletter's sign-ups join, when set: its name and member count.
        return {
          inputs: [apiKey, audienceId, baseUrl],
          run: () =>
            checkMailchimp({ apiKey, audienceId: audienceId || undefined, baseUrl, policy: this.policy }),
        };
      }
      case 'google-analytics': {
        const s = await this.settings.getMany(['googleAnalyticsId', 'enableGoogleAnalytics']);
        return {
          inputs: [s.googleAnalyticsId, s.enableGoogleAnalytics],
          run: async () => checkGoogleAnalytics(s.googleAnalyticsId, s.enableGoogleAnalytics),
        };
      }
      case 'plausible': {
        const s = await this.settings.getMany(['plausibleDomain', 'enablePlausible']);
        return {
          inputs: [s.plausibleDomain, s.enablePlausible],
          run: async () => checkPlausible(s.plausibleDomain, s.enablePlausible),
        };
      }
      case 'email': {
        const { notificationEmail, ...smtp } = await this.settings.getMany([
          'notificationEmail',
          ...SMTP_SETTINGS_KEYS,
        ]);
        return {
          inputs: [notificationEmail, smtp],
          run: () => checkEmail(smtp, notificationEmail, this.policy),
        };
      }
    }
  }
}

const fingerprint = (inputs: unknown[]) => createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
