import { Inject, Injectable, Logger } from '@nestjs/common';
import { channelUrl, type NotificationDelivery, type VideoKind } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { SettingsService } from '../settings/settings.service';
import { renderDiscordMessage } from './discord-message';
import { EmailService, NO_SMTP_SERVER } from './email.service';
import { type EmailVideo, renderNewVideoEmail } from './email-messages';
import {
  type OutboundAnswer,
  type OutboundPolicy,
  outboundPolicy,
  outboundRequest,
  postJson,
} from '../common/outbound/outbound-http';
import { signWebhookBody, WEBHOOK_HEADERS } from './webhook-signature';

/** A new video as the notifications announce it: its e-mail's fields, and those the Discord message and webhook add. */
export interface PublishedVideo extends EmailVideo {
  duration: string;
  durationSeconds: number;
  kind: VideoKind;
}

export interface PublishingChannel {
  id: string;
  title: string;
}

/** At most this many new videos are announced per sync (the newest); a backlog must not flood Discord. */
export const MAX_ANNOUNCED_VIDEOS = 10;
export const WEBHOOK_EVENT = 'video.published';
/** The connection test's event (docs/webhooks.md): signed like a delivery, carrying no video. */
export const WEBHOOK_PING_EVENT = 'ping';
export const USER_AGENT = 'channel-site-webhooks/1.0';

/**
 * New-video notifications: a Discord message from `discordMessageTemplate`, a signed `video.published`
 * event to `customWebhookUrl` and an e-mail to `notificationEmail`, each when enabled in the settings. Deliveries go one at a time per target,
 * oldest video first; a failure is logged and returned as a failed delivery, never thrown.
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);
  private readonly policy: OutboundPolicy;

  constructor(
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly email: EmailService,
    @Inject(ENV) env: Env,
  ) {
    this.policy = outboundPolicy(env);
  }

  /** Whether any target is switched on (so the caller knows whether deliveries are due). */
  async anyEnabled(): Promise<boolean> {
    const s = await this.settings.getMany(['enableDiscordWebhook', 'enableCustomWebhook', 'emailNewVideos']);
    return s.enableDiscordWebhook || s.enableCustomWebhook || s.emailNewVideos;
  }

  async announce(videos: PublishedVideo[], channel: PublishingChannel): Promise<NotificationDelivery[]> {
    if (!videos.length) return [];
    const s = await this.settings.getMany([
      'enableDiscordWebhook',
      'discordWebhook',
      'discordMessageTemplate',
      'enableCustomWebhook',
      'customWebhookUrl',
      'customWebhookSecret',
      'emailNewVideos',
      'notificationEmail',
    ]);
    const chosen = [...videos]
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
      .slice(0, MAX_ANNOUNCED_VIDEOS)
      .reverse();
    if (videos.length > chosen.length) {
      this.logger.warn(
        `${videos.length} new videos; announcing the newest ${chosen.length} and skipping the rest`,
      );
    }
    const targets: Promise<NotificationDelivery[]>[] = [];
    if (s.enableDiscordWebhook) {
      targets.push(
        this.each(chosen, 'discord', (video) =>
          s.discordWebhook
            ? this.sendDiscord(s.discordWebhook, s.discordMessageTemplate, video)
            : Promise.reject(new Error('discordWebhook is not set')),
        ),
      );
    }
    if (s.enableCustomWebhook) {
      targets.push(
        this.each(chosen, 'webhook', (video) => {
          if (!s.customWebhookUrl) return Promise.reject(new Error('customWebhookUrl is not set'));
          if (!s.customWebhookSecret) {
            return Promise.reject(
              new Error('customWebhookSecret is not set (receivers could not verify the signature)'),
            );
          }
          return this.sendWebhook(s.customWebhookUrl, s.customWebhookSecret, video, channel);
        }),
      );
    }
    if (s.emailNewVideos) targets.push(this.emailEach(chosen, s.notificationEmail));
    return (await Promise.all(targets)).flat();
  }

  /** One e-mail per video to the notification address, each retried on a temporary failure. */
  private async emailEach(videos: PublishedVideo[], to: string): Promise<NotificationDelivery[]> {
    const missing = !to
      ? 'notificationEmail is not set'
      : !(await this.email.smtpSettings()).smtpHost
        ? NO_SMTP_SERVER
        : null;
    const deliveries: NotificationDelivery[] = [];
    // Once a message has used up its retries on a server that keeps failing, the others get one try each:
    // a sync's e-mails wait for a down server once, not ten times.
    let retry = true;
    for (const video of videos) {
      if (missing) {
        deliveries.push({ target: 'email', videoId: video.id, ok: false, status: null, error: missing });
        continue;
      }
      const sent = await this.email.deliver(
        { to, ...renderNewVideoEmail(video) },
        retry ? {} : { retryDelaysMs: [] },
      );
      if (!sent.ok && sent.temporary) retry = false;
      if (!sent.ok) {
        this.logger.warn(`email notification for video ${video.id} failed: ${sent.message}`);
      }
      deliveries.push({
        target: 'email',
        videoId: video.id,
        ok: sent.ok,
        status: sent.status,
        error: sent.ok ? null : sent.message,
        attempts: sent.attempts,
      });
    }
    return deliveries;
  }

  private async each(
    videos: PublishedVideo[],
    target: NotificationDelivery['target'],
    send: (video: PublishedVideo) => Promise<{ status: number }>,
  ): Promise<NotificationDelivery[]> {
    const deliveries: NotificationDelivery[] = [];
    for (const video of videos) {
      try {
        const { status } = await send(video);
        deliveries.push({ target, videoId: video.id, ok: true, status, error: null });
      } catch (error) {
        const message = (error as Error).message;
        const status = (error as { status?: number }).status ?? null;
        this.logger.warn(`${target} notification for video ${video.id} failed: ${message}`);
        deliveries.push({ target, videoId: video.id, ok: false, status, error: message.slice(0, 500) });
      }
    }
    return deliveries;
  }

  private sendDiscord(url: string, template: string, video: PublishedVideo): Promise<{ status: number }> {
    const content = renderDiscordMessage(template, {
      title: video.title,
      url: video.url,
      description: video.description ?? '',
    });
    // No @everyone / role / user pings from a video title or description.
    const body = JSON.stringify({ content, allowed_mentions: { parse: [] } });
    return postJson(url, body, { 'User-Agent': USER_AGENT }, this.policy);
  }

  private sendWebhook(
    url: string,
    secret: string,
    video: PublishedVideo,
    channel: PublishingChannel,
  ): Promise<{ status: number }> {
    const signed = this.signedEvent(WEBHOOK_EVENT, secret, {
      channel: { id: channel.id, title: channel.title, url: channelUrl(channel.id) },
      video: {
        id: video.id,
        title: video.title,
        description: video.description ?? '',
        url: video.url,
        thumbnail: video.thumbnail,
        publishedAt: video.publishedAt.toISOString(),
        duration: video.duration,
        durationSeconds: video.durationSeconds,
        kind: video.kind,
      },
    });
    return postJson(url, signed.body, signed.headers, this.policy);
  }

  /**
   * The custom webhook's connection test: one signed `ping` event, signed exactly as a delivery. Resolves
   * with the receiver's answer whatever its status; rejects when it was refused, timed out or unreachable.
   */
  pingWebhook(url: string, secret: string): Promise<OutboundAnswer> {
    const signed = this.signedEvent(WEBHOOK_PING_EVENT, secret, {});
    return outboundRequest(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...signed.headers },
        body: signed.body,
      },
      this.policy,
    );
  }

  /** The body `{ event, id, timestamp, ...fields }` and the headers that sign it (docs/webhooks.md). */
  private signedEvent(
    event: string,
    secret: string,
    fields: Record<string, unknown>,
  ): { body: string; headers: Record<string, string> } {
    const id = randomUUID();
    const timestamp = Math.floor(this.clock.now() / 1000);
    const body = JSON.stringify({ event, id, timestamp, ...fields });
    return {
      body,
      headers: {
        'User-Agent': USER_AGENT,
        [WEBHOOK_HEADERS.event]: event,
        [WEBHOOK_HEADERS.id]: id,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhookBody(body, secret),
      },
    };
  }
}
