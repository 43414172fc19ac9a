import { playerUrl, playlistUrl, subscribeUrl, youtubeVideoId } from './youtube';

describe('YouTube addresses', () => {
  it('embeds with the nocookie host, autoplay, no related videos, modest branding and the JS API', () => {
    expect(playerUrl('abc123')).toBe(
      'https://www.youtube-nocookie.com/embed/abc123?autoplay=1&rel=0&modestbranding=1&enablejsapi=1',
    );
  });

  it('links the playlist pages', () => {
    expect(playlistUrl('PLx')).toBe('https://www.youtube.com/playlist?list=PLx');
  });

  it('subscribes to the channel with the confirmation parameter, or searches for the site without one', () => {
    expect(subscribeUrl('UC1234567890123456789012', '')).toBe(
      'https://www.youtube.com/channel/UC1234567890123456789012?sub_confirmation=1',
    );
    expect(subscribeUrl('', 'Code with Alex')).toBe(
      'https://www.youtube.com/results?search_query=Code%20with%20Alex&sp=EgIQAg%3D%3D',
    );
    expect(subscribeUrl('', '')).toBe('https://www.youtube.com/results?search_query=Channel&sp=EgIQAg%3D%3D');
  });

  it('reads the video id of the usual YouTube URLs', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/shorts/abc_DEF-123')).toBe('abc_DEF-123');
    expect(youtubeVideoId('https://cdn.example.com/hero.mp4')).toBeNull();
    expect(youtubeVideoId('not a url')).toBeNull();
  });
});
