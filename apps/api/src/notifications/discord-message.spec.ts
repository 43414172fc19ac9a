import { DISCORD_MAX_CONTENT, renderDiscordMessage } from './discord-message';

describe('Discord message template', () => {
  const video = { title: 'Title {url}', url: 'https://www.youtube.com/watch?v=x', description: 'About it' };

  it('fills every placeholder once, without re-reading the values', () => {
    expect(renderDiscordMessage('{title} – {description} – {url} – {title}', video)).toBe(
      'Title {url} – About it – https://www.youtube.com/watch?v=x – Title {url}',
    );
  });

  it('shortens a long description so the message fits and the link survives', () => {
    const long = { ...video, description: 'x'.repeat(5000) };
    const text = renderDiscordMessage('New video: **{title}**\n{description}\n\nWatch it here: {url}', long);
    expect(text.length).toBeLessThanOrEqual(DISCORD_MAX_CONTENT);
    expect(text.endsWith('Watch it here: https://www.youtube.com/watch?v=x')).toBe(true);
    expect(text).toContain('x…');
  });
});
