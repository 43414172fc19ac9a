import { PORT_OFFSET } from '../support/servers';

/**
 * The admin specs' stacks are one per worker (support/servers.ts, `workerStackUrl('admin', …)`); they all sync
 * from the fake YouTube Data API (tools/fake-youtube) below.
 */
export const ADMIN_FAKE_YOUTUBE_URL = `http://127.0.0.1:${4340 + PORT_OFFSET}`;
/** YOUTUBE_API_BASE_URL of the admin stacks. */
export const ADMIN_FAKE_YOUTUBE_API = `${ADMIN_FAKE_YOUTUBE_URL}/youtube/v3`;
export const ADMIN_YOUTUBE_API_KEY = 'e2e-youtube-key';

/** The fake Discord (tools/fake-discord) the integration tests point the webhook setting at. */
export const ADMIN_FAKE_DISCORD_URL = `http://127.0.0.1:${4342 + PORT_OFFSET}`;
export const ADMIN_DISCORD_WEBHOOK = { id: '1300000000000000001', token: 'e2e-webhook-token' } as const;
/** A webhook the fake answers, and one it does not know (404 Unknown Webhook). */
export const workingDiscordWebhook = `${ADMIN_FAKE_DISCORD_URL}/api/webhooks/${ADMIN_DISCORD_WEBHOOK.id}/${ADMIN_DISCORD_WEBHOOK.token}`;
export const unknownDiscordWebhook = `${ADMIN_FAKE_DISCORD_URL}/api/webhooks/42/${ADMIN_DISCORD_WEBHOOK.token}`;

/** The fake Mailchimp (tools/fake-mailchimp): MAILCHIMP_API_BASE_URL of the admin stacks, and its one key. */
export const ADMIN_FAKE_MAILCHIMP_URL = `http://127.0.0.1:${4344 + PORT_OFFSET}`;
export const ADMIN_FAKE_MAILCHIMP_API = `${ADMIN_FAKE_MAILCHIMP_URL}/{dc}/3.0`;
export const ADMIN_MAILCHIMP_API_KEY = 'e2e0123456789abcdef0123456789abc-us6';

/** A fake YouTube's channel (the admin stacks', unless another is named): its id (to set as the channelId setting) and its size. */
export async function fakeYoutubeChannel(url = ADMIN_FAKE_YOUTUBE_URL): Promise<{
  id: string;
  handle: string;
  title: string;
  videoIds: string[];
  playlistIds: string[];
}> {
  const res = await fetch(`${url}/__fake/channel`);
  if (!res.ok) throw new Error(`fake YouTube answered ${res.status}`);
  return (await res.json()) as {
    id: string;
    handle: string;
    title: string;
    videoIds: string[];
    playlistIds: string[];
  };
}
