import { truncateText } from '@app/contracts/text';

/** Discord refuses messages longer than this. */
export const DISCORD_MAX_CONTENT = 2000;

export interface TemplateVideo {
  title: string;
  url: string;
  description: string;
}

const fill = (template: string, video: TemplateVideo) =>
  template.replace(/\{(title|url|description)\}/g, (_, name: keyof TemplateVideo) => video[name]);

/**
 * Renders `discordMessageTemplate` (placeholders `{title}`, `{url}`, `{description}`). A long description is
 * shortened so the whole message fits Discord's 2,000 characters and the link after it survives.
 */
export function renderDiscordMessage(template: string, video: TemplateVideo): string {
  const withoutDescription = fill(template, { ...video, description: '' });
  const uses = (template.match(/\{description\}/g) ?? []).length;
  let description = video.description;
  if (uses > 0) {
    const room = Math.floor((DISCORD_MAX_CONTENT - withoutDescription.length) / uses);
    if (description.length > room) description = room > 1 ? truncateText(description, room) : '';
  }
  return truncateText(fill(template, { ...video, description }), DISCORD_MAX_CONTENT, '');
}
