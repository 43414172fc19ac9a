import { FEED_ENTRY_COUNT, type IntegrationCheck, truncateText } from '@app/contracts';
import {
  describeSmtpServer,
  NO_SMTP_SERVER,
  type SmtpSettings,
  withSmtpTransport,
} from '../notifications/email.service';
import {
  outboundFetch,
  OutboundRefusedError,
  type OutboundAnswer,
  type OutboundPolicy,
  outboundRequest,
} from '../common/outbound/outbound-http';
import { FeedChannelNotFoundError, fetchChannelFeed } from '../youtube/channel-feed';
import { type ChannelRef, YouTubeApiClient, YouTubeApiError } from '../youtube/youtube-api.client';
import {
  mailchimpBase,
  mailchimpDataCentre,
  mailchimpHeaders,
  mailchimpProblem,
  mailchimpSaid,
} from './mailchimp-api';

export { mailchimpDataCentre };
import { channelRef, YOUTUBE_MESSAGES, youTubeErrorText } from '../youtube/youtube-config';

/**
 * One cheap real check per integration (a page each under docs/integrations/). Each answers what happened,
 * in the service's own words on a failure; none throws. Every outbound call goes through the outbound policy (SSRF rules,
 * no redirects, the policy's timeout).
 */
export type CheckOutcome = Pick<IntegrationCheck, 'ok' | 'scope' | 'message'>;

const connection = (ok: boolean, message: string): CheckOutcome => ({ ok, scope: 'connection', message });
const format = (ok: boolean, message: string): CheckOutcome => ({ ok, scope: 'format', message });

/** A service's words are kept short (an HTML error page would fill the toast). */
const clip = (text: string, max = 300) => {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return truncateText(flat, max);
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `answered 302 (redirects are not followed; it pointed to …)` for an answer that is a redirect. */
function redirectNote(answer: OutboundAnswer): string | null {
  if (answer.status < 300 || answer.status >= 400) return null;
  const location = answer.headers.location;
  return `${answer.status} (redirects are not followed${location ? `; it pointed to ${clip(String(location), 200)}` : ''})`;
}

// ---------------------------------------------------------------------------------------------------------
// YouTube

export { YOUTUBE_MESSAGES };

/**
 * One `channels.list` call (1 quota unit) with the key and channel the sync uses; without a key, one read of
 * the channel's public feed (feed mode, 0 units).
 */
export async function checkYouTube(options: {
  baseUrl: string;
  feedBaseUrl: string;
  apiKey: string | undefined;
  channel: string | undefined;
  policy: OutboundPolicy;
}): Promise<CheckOutcome> {
  if (!options.channel) return connection(false, YOUTUBE_MESSAGES.missingChannel);
  const ref = channelRef(options.channel);
  if (!options.apiKey) return checkYouTubeFeed(ref, options.feedBaseUrl, options.policy);
  const client = new YouTubeApiClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.policy.timeoutMs,
    fetch: outboundFetch(options.policy),
  });
  try {
    const channel = await client.channel(ref);
    if (!channel) {
      return connection(false, YOUTUBE_MESSAGES.noSuchChannel(options.channel));
    }
    return connection(
      true,
      `YouTube channel "${channel.snippet.title}" (${channel.id}); the test used ${client.unitsUsed} quota unit${client.unitsUsed === 1 ? '' : 's'}`,
    );
  } catch (error) {
    if (!(error instanceof YouTubeApiError))
      return connection(false, `YouTube check failed: ${(error as Error).message}`);
    return connection(false, youTubeErrorText(error, clip(error.message)));
  }
}

/** Feed mode: the channel's public feed, read as the sync reads it. */
async function checkYouTubeFeed(
  ref: ChannelRef,
  origin: string,
  policy: OutboundPolicy,
): Promise<CheckOutcome> {
  if ('handle' in ref) {
    return connection(false, YOUTUBE_MESSAGES.feedNeedsId(ref.handle));
  }
  try {
    const feed = await fetchChannelFeed(ref.id, { origin, policy });
    return connection(
      true,
      `YouTube channel "${clip(feed.title, 100)}" (${feed.channelId}) from its public feed: ${feed.entries.length} newest videos, 0 quota units. No API key is set, so the sync shows only the newest ${FEED_ENTRY_COUNT}; a key brings the full history, durations and playlists`,
    );
  } catch (error) {
    if (error instanceof FeedChannelNotFoundError) {
      return connection(false, YOUTUBE_MESSAGES.noSuchChannel(ref.id));
    }
    return connection(false, clip((error as Error).message));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Discord

/** A GET on the webhook URL: Discord answers the webhook (name, channel) without posting anything. */
export async function checkDiscord(
  url: string,
  policy: OutboundPolicy,
  userAgent: string,
): Promise<CheckOutcome> {
  if (!url) return connection(false, 'No Discord webhook URL is set');
  let answer: OutboundAnswer;
  try {
    answer = await outboundRequest(
      url,
      { headers: { Accept: 'application/json', 'User-Agent': userAgent } },
      policy,
    );
  } catch (error) {
    return connection(false, `Could not reach the Discord webhook: ${(error as Error).message}`);
  }
  const body = parseJson(answer.text);
  const redirect = redirectNote(answer);
  if (redirect) return connection(false, `The Discord webhook URL answered ${redirect}`);
  if (answer.status !== 200) {
    const said =
      isObject(body) && typeof body.message === 'string' ? body.message : answer.statusText || answer.text;
    return connection(false, `Discord answered ${answer.status}: ${clip(said) || 'no message'}`);
  }
  if (!isObject(body) || typeof body.name !== 'string' || typeof body.channel_id !== 'string') {
    return connection(false, 'The URL answered 200, but not with a Discord webhook (no name and channel_id)');
  }
  return connection(
    true,
    `Discord webhook "${clip(body.name, 80)}" posts to channel ${clip(body.channel_id, 40)}`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Custom webhook

/** The receiver's answer to a signed `ping` event (sent by NotificationsService.pingWebhook). */
export async function checkWebhook(
  url: string,
  secret: string,
  ping: (url: string, secret: string) => Promise<OutboundAnswer>,
): Promise<CheckOutcome> {
  if (!url) return connection(false, 'No webhook URL is set');
  if (!secret) {
    return connection(
      false,
      'No webhook secret is set: nothing is sent without one (receivers could not verify it)',
    );
  }
  let answer: OutboundAnswer;
  try {
    answer = await ping(url, secret);
  } catch (error) {
    return connection(false, `Could not reach the webhook: ${(error as Error).message}`);
  }
  const redirect = redirectNote(answer);
  if (redirect) return connection(false, `The webhook answered ${redirect} after ${answer.ms} ms`);
  if (answer.status >= 200 && answer.status < 300) {
    return connection(true, `The webhook answered ${answer.status} to a signed ping in ${answer.ms} ms`);
  }
  const said = clip(answer.text);
  return connection(
    false,
    `The webhook answered ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''} after ${answer.ms} ms${said ? `: ${said}` : ''}`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Mailchimp

/**
 * `GET /3.0/ping` on the key's data centre, and, when an audience id is given, that audience's name and
 * member count (`GET /3.0/lists/{id}`).
 */
export async function checkMailchimp(options: {
  apiKey: string;
  audienceId?: string;
  /** `https://{dc}.api.mailchimp.com/3.0`, or a test fake's. */
  baseUrl: string;
  policy: OutboundPolicy;
}): Promise<CheckOutcome> {
  const { apiKey, policy } = options;
  if (!apiKey) return connection(false, 'No Mailchimp API key is set');
  const dc = mailchimpDataCentre(apiKey);
  if (!dc) {
    return connection(
      false,
      'The Mailchimp API key names no data centre: a key ends in its data centre, like …-us6',
    );
  }
  const base = mailchimpBase(options.baseUrl, apiKey);
  const headers = mailchimpHeaders(apiKey);
  const get = async (path: string): Promise<OutboundAnswer | CheckOutcome> => {
    try {
      return await outboundRequest(`${base}${path}`, { headers }, policy);
    } catch (error) {
      return connection(false, `Could not reach Mailchimp (data centre ${dc}): ${(error as Error).message}`);
    }
  };
  const ping = await get('/ping');
  if ('ok' in ping) return ping;
  const redirect = redirectNote(ping);
  if (redirect) return connection(false, `Mailchimp answered ${redirect}`);
  if (ping.status !== 200)
    return connection(
      false,
      `Mailchimp answered ${ping.status}: ${clip(mailchimpSaid(mailchimpProblem(ping)))}`,
    );
  const health = parseJson(ping.text);
  if (!isObject(health) || typeof health.health_status !== 'string') {
    return connection(false, 'The Mailchimp address answered 200, but not as Mailchimp (no health_status)');
  }
  const pinged = `Mailchimp answered "${clip(health.health_status, 80)}" (data centre ${dc})`;
  if (!options.audienceId) return connection(true, `${pinged}; no audience is set, so none was checked`);

  const list = await get(
    `/lists/${encodeURIComponent(options.audienceId)}?fields=id,name,stats.member_count`,
  );
  if ('ok' in list) return list;
  if (list.status !== 200) {
    return connection(
      false,
      `${pinged}, but audience ${options.audienceId}: ${list.status} ${clip(mailchimpSaid(mailchimpProblem(list)))}`,
    );
  }
  const audience = parseJson(list.text);
  const stats = isObject(audience) && isObject(audience.stats) ? audience.stats : {};
  if (!isObject(audience) || typeof audience.name !== 'string' || typeof stats.member_count !== 'number') {
    return connection(
      false,
      `${pinged}, but audience ${options.audienceId} came back without a name or member count`,
    );
  }
  return connection(
    true,
    `${pinged}; audience "${clip(audience.name, 80)}" has ${stats.member_count} member${stats.member_count === 1 ? '' : 's'}`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Google Analytics and Plausible: nothing to ask without the owner's sign-in

export function checkGoogleAnalytics(id: string, enabled: boolean): CheckOutcome {
  if (!id) return format(false, 'No measurement ID is set');
  const off = enabled ? '' : ' The Google Analytics switch is off, so the site loads no tag.';
  if (id.startsWith('UA-')) {
    return format(
      false,
      `${id} is a Universal Analytics ID: Universal Analytics stopped processing data in July 2023, so it records nothing. Use the G-… measurement ID of a GA4 property.${off}`,
    );
  }
  return format(
    true,
    `${id} is a well-formed GA4 measurement ID. Only its form was checked: Google offers no check without signing in to Google, so this does not show that the property exists or receives visits.${off}`,
  );
}

export function checkPlausible(domain: string, enabled: boolean): CheckOutcome {
  if (!domain) return format(false, 'No Plausible domain is set');
  const off = enabled ? '' : ' The Plausible switch is off, so the site loads no script.';
  return format(
    true,
    `${domain} is a well-formed domain name. Only its form was checked: whether plausible.io has a site for it cannot be read without a Plausible API key (and plausible.io accepts events for any domain), so open your Plausible dashboard to see visits arrive.${off}`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// E-mail (SMTP)

export interface SmtpError extends Error {
  code?: string;
  response?: string;
  responseCode?: number;
}

/** What went wrong talking to the SMTP server, in its own words where it said any. */
export function smtpFailure(error: SmtpError, server: string, timeoutMs: number): string {
  if (error instanceof OutboundRefusedError)
    return `The SMTP server ${server} was not contacted: ${error.message}`;
  const said = clip(error.response ?? error.message);
  const cause = `${error.message} ${error.response ?? ''}`;
  if (error.code === 'EAUTH') return `The SMTP server ${server} refused the user name or password: ${said}`;
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'EDNS') {
    return `The SMTP host of ${server} could not be found (${error.code}): ${clip(error.message)}`;
  }
  if (/ECONNREFUSED/.test(cause)) return `Could not connect to the SMTP server ${server}: connection refused`;
  if (error.code === 'ETIMEDOUT' || /timeout/i.test(cause)) {
    return `The SMTP server ${server} did not answer within ${timeoutMs / 1000} s: ${clip(error.message)}`;
  }
  if (error.code === 'ETLS' || /certificate|ssl|tls/i.test(cause)) {
    return `The TLS connection to the SMTP server ${server} failed: ${said}`;
  }
  return `The SMTP check of ${server} failed${error.code ? ` (${error.code})` : ''}: ${said}`;
}

/**
 * nodemailer's `verify()`: connects, secures the connection as set, and signs in with the user and password
 * (the server's answer to AUTH); nothing is sent.
 */
export async function checkEmail(
  s: SmtpSettings,
  notificationEmail: string,
  policy: OutboundPolicy,
): Promise<CheckOutcome> {
  if (!s.smtpHost) return connection(false, NO_SMTP_SERVER);
  const server = describeSmtpServer(s);
  try {
    // The host's lookup (bounded by policy.timeoutMs) and nodemailer's own timeouts (policy.timeoutMs per
    // phase) answer first; the deadline over the whole of it, the lookup included, is the safety net.
    await withSmtpTransport(s, policy, policy.timeoutMs + 2000, (transport) => transport.verify());
  } catch (error) {
    return connection(false, smtpFailure(error as SmtpError, server, policy.timeoutMs));
  }
  const who = s.smtpUser
    ? `accepted the user name and password of ${clip(s.smtpUser, 80)}`
    : 'accepted a connection (no SMTP user is set, so no sign-in was checked)';
  const to = notificationEmail
    ? `notifications go to ${notificationEmail}`
    : 'no notification address is set, so nothing will be sent';
  return connection(true, `The SMTP server ${server} ${who}; ${to}`);
}
