/**
 * The Join the Community section's links (issue 14). Free of zod so the public page can import it alone
 * (`@app/contracts/community`); the settings registry validates the invite URL with the same pattern.
 */

/** A Discord invite: `https://discord.gg/<code>` or `https://discord.com/invite/<code>`. */
export const DISCORD_INVITE_PATTERN =
  /^https:\/\/(?:discord\.gg|discord\.com\/invite)\/[A-Za-z0-9-]{2,64}\/?$/;

export const COMMUNITY_TITLE_MAX_CHARS = 40;
export const COMMUNITY_DESCRIPTION_MAX_CHARS = 200;

/** The Follow link of an X/Twitter handle (with or without its `@`), or '' when none is set. */
export function twitterProfileUrl(handle: string): string {
  const name = handle.trim().replace(/^@/, '');
  return name ? `https://x.com/${name}` : '';
}
