import {
  BadGatewayException,
  BadRequestException,
  Inject,
  Injectable,
  type OnModuleInit,
} from '@nestjs/common';
import { CHANNEL_INPUT_HINT, parseChannelInput } from '@app/contracts';
import { outboundFetch, type OutboundPolicy, outboundPolicy } from '../common/outbound/outbound-http';
import { ENV } from '../config/config.module';
import type { Env } from '../config/env';
import { SettingsService } from '../settings/settings.service';
import { FeedChannelNotFoundError, fetchChannelFeed } from './channel-feed';
import { YouTubeApiClient, YouTubeApiError } from './youtube-api.client';
import { channelName, configuredApiKey, youTubeErrorText } from './youtube-config';

export const CHANNEL_INPUT_MESSAGES = {
  invalid: `channelId: must be ${CHANNEL_INPUT_HINT}`,
  handleNeedsKey:
    'channelId: an @handle can only be looked up with the YouTube API key, and none is set: save the key first, or give the channel URL youtube.com/channel/UC… or its UC… id',
  noSuchChannel: (name: string) => `channelId: YouTube has no channel ${name}`,
  unchecked: (why: string) => `channelId: the channel could not be checked: ${why}`,
} as const;

/**
 * The channel setting as the admin gives it (issue 24): a channel URL, an `@handle` or a `UC…` id, resolved
 * to the `UC…` id that is stored (the Subscribe links need the id). With a key, one `channels.list` call by
 * `forHandle` or `id` (1 quota unit) checks that the channel exists; without one, its public feed (0 units).
 * Every call goes through the outbound rules.
 */
@Injectable()
export class ChannelInputService implements OnModuleInit {
  private readonly policy: OutboundPolicy;

  constructor(
    private readonly settings: SettingsService,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.policy = outboundPolicy(env);
  }

  onModuleInit(): void {
    this.settings.useInputResolver('channelId', (value) => this.resolve(value));
  }

  /** The `UC…` id to store; anything not a string (or empty) is left to the registry's validation. */
  async resolve(value: unknown): Promise<unknown> {
    if (typeof value !== 'string' || value.trim() === '') return value;
    const ref = parseChannelInput(value);
    if (!ref) throw new BadRequestException(CHANNEL_INPUT_MESSAGES.invalid);
    const apiKey = await configuredApiKey(this.settings);
    if (!apiKey) {
      if ('handle' in ref) throw new BadRequestException(CHANNEL_INPUT_MESSAGES.handleNeedsKey);
      return this.checkFeed(ref.id);
    }
    const client = new YouTubeApiClient({
      baseUrl: this.env.YOUTUBE_API_BASE_URL,
      apiKey,
      timeoutMs: this.policy.timeoutMs,
      fetch: outboundFetch(this.policy),
    });
    let channel;
    try {
      channel = await client.channel(ref);
    } catch (error) {
      if (!(error instanceof YouTubeApiError)) {
        throw new BadGatewayException(CHANNEL_INPUT_MESSAGES.unchecked((error as Error).message));
      }
      throw new BadGatewayException(
        CHANNEL_INPUT_MESSAGES.unchecked(youTubeErrorText(error, error.message.slice(0, 300))),
      );
    }
    if (!channel) throw new BadRequestException(CHANNEL_INPUT_MESSAGES.noSuchChannel(channelName(ref)));
    return channel.id;
  }

  /** Without a key: the channel's public feed (0 units) says whether YouTube has the channel. */
  private async checkFeed(id: string): Promise<string> {
    try {
      await fetchChannelFeed(id, { origin: this.env.YOUTUBE_FEED_BASE_URL, policy: this.policy });
      return id;
    } catch (error) {
      if (error instanceof FeedChannelNotFoundError) {
        throw new BadRequestException(CHANNEL_INPUT_MESSAGES.noSuchChannel(id));
      }
      throw new BadGatewayException(CHANNEL_INPUT_MESSAGES.unchecked((error as Error).message));
    }
  }
}
