import { escapeHtml } from '@app/contracts/html';
import {
  EMAIL_EXCERPT_LENGTH,
  excerpt,
  figureLines,
  renderNewVideoEmail,
  renderWeeklySummaryEmail,
} from './email-messages';

const video = {
  id: 'abc123DEF45',
  title: 'Tom & Jerry <script>alert("x")</script>',
  description: 'It\'s <b>bold</b> & "quoted"\nSecond line',
  url: 'https://www.youtube.com/watch?v=abc123DEF45',
  thumbnail: 'https://i.ytimg.com/vi/abc123DEF45/hqdefault.jpg',
  publishedAt: new Date('2026-11-20T17:00:00Z'),
};

describe('e-mail messages', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('renders a new video as text and HTML with every value escaped', () => {
    const message = renderNewVideoEmail(video);
    expect(message.subject).toBe('New video: Tom & Jerry <script>alert("x")</script>');
    expect(message.text).toBe(
      [
        'New video: Tom & Jerry <script>alert("x")</script>',
        '',
        'Watch: https://www.youtube.com/watch?v=abc123DEF45',
        '',
        'It\'s <b>bold</b> & "quoted"\nSecond line',
        '',
        'Thumbnail: https://i.ytimg.com/vi/abc123DEF45/hqdefault.jpg',
        '',
        'Published Nov 20, 2026.',
      ].join('\n'),
    );
    expect(message.html).not.toMatch(/<script|<b>/);
    expect(message.html).toContain(
      '<a href="https://www.youtube.com/watch?v=abc123DEF45">Tom &amp; Jerry &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</a>',
    );
    expect(message.html).toContain(
      '<img src="https://i.ytimg.com/vi/abc123DEF45/hqdefault.jpg" alt="Tom &amp; Jerry &lt;script&gt;',
    );
    expect(message.html).toContain(
      'It&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;<br>Second line',
    );
  });

  it('keeps a title with line breaks on the subject’s one line', () => {
    expect(renderNewVideoEmail({ ...video, title: 'A\r\nBcc: x@example.com' }).subject).toBe(
      'New video: A Bcc: x@example.com',
    );
  });

  it('links only http(s) addresses: no javascript: or relative thumbnail', () => {
    const html = renderNewVideoEmail({
      ...video,
      url: 'javascript:alert(1)',
      thumbnail: '/api/demo/thumbnails/1.svg',
    }).html;
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<a ');
  });

  it('cuts a long description to an excerpt', () => {
    const long = 'word '.repeat(200);
    const cut = excerpt(long);
    expect(cut.length).toBeLessThanOrEqual(EMAIL_EXCERPT_LENGTH);
    expect(cut.endsWith('…')).toBe(true);
    expect(excerpt(null)).toBe('');
    expect(renderNewVideoEmail({ ...video, description: null }).text).not.toContain('\n\n\n');
  });

  it('shows only the figures that were measured', () => {
    expect(figureLines({ newVideos: 2 })).toEqual(['New videos: 2']);
    expect(figureLines({ newVideos: 0, siteViews: 120, sitePlays: 30, newsletterSignups: 0 })).toEqual([
      'New videos: 0',
      'Site views: 120',
      'Video plays on the site: 30',
      'Newsletter sign-ups: 0',
    ]);
  });

  it('renders the weekly summary: figures, then the week’s videos, escaped', () => {
    const message = renderWeeklySummaryEmail({
      week: '2026-W48',
      from: new Date('2026-11-16T08:00:00Z'),
      to: new Date('2026-11-23T08:00:00Z'),
      videos: [video],
      figures: { newVideos: 1, siteViews: 5 },
    });
    expect(message.subject).toBe('Weekly summary 2026-W48: 1 new video');
    expect(message.text).toBe(
      [
        'Weekly summary for Nov 16, 2026 – Nov 23, 2026 (UTC)',
        '',
        'New videos: 1',
        'Site views: 5',
        '',
        '- Tom & Jerry <script>alert("x")</script>',
        '  https://www.youtube.com/watch?v=abc123DEF45',
      ].join('\n'),
    );
    expect(message.html).not.toContain('<script');
    expect(message.html).toContain('<li>New videos: 1</li><li>Site views: 5</li>');
    const empty = renderWeeklySummaryEmail({
      week: '2026-W48',
      from: new Date('2026-11-16T08:00:00Z'),
      to: new Date('2026-11-23T08:00:00Z'),
      videos: [],
      figures: { newVideos: 0 },
    });
    expect(empty.subject).toBe('Weekly summary 2026-W48: 0 new videos');
    expect(empty.text).toContain('No new videos this week.');
  });
});
