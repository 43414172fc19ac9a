import {
  COMMUNITY_DESCRIPTION_MAX_CHARS,
  COMMUNITY_TITLE_MAX_CHARS,
  DISCORD_INVITE_PATTERN,
} from '../community';
import { PUBLIC_SETTINGS_DEFAULTS as PUBLIC } from '../public-settings-defaults';
import { clearable, publicSetting, requiredText } from './values';

/** A community card's title or description: required (a card without text would be empty), bounded. */
const communityTitle = () => requiredText(COMMUNITY_TITLE_MAX_CHARS);
const communityDescription = () => requiredText(COMMUNITY_DESCRIPTION_MAX_CHARS);

/** The community section's cards: public, the home page shows them. The Follow link is built from twitterHandle. */
export const communitySettings = {
  discordInviteUrl: publicSetting(
    clearable(
      2048,
      (v) => DISCORD_INVITE_PATTERN.test(v),
      'must be a Discord invite like https://discord.gg/abc123 or https://discord.com/invite/abc123',
    ),
    PUBLIC.discordInviteUrl,
  ),
  communityDiscordTitle: publicSetting(communityTitle(), PUBLIC.communityDiscordTitle),
  communityDiscordDescription: publicSetting(communityDescription(), PUBLIC.communityDiscordDescription),
  communityTwitterTitle: publicSetting(communityTitle(), PUBLIC.communityTwitterTitle),
  communityTwitterDescription: publicSetting(communityDescription(), PUBLIC.communityTwitterDescription),
  communityNewsletterTitle: publicSetting(communityTitle(), PUBLIC.communityNewsletterTitle),
  communityNewsletterDescription: publicSetting(
    communityDescription(),
    PUBLIC.communityNewsletterDescription,
  ),
};
