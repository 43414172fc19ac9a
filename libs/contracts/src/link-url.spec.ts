import { backupVideoSchema } from './admin';
import { isLinkUrl, linkUrlSchema } from './link-url';

describe('isLinkUrl (issue 25: what may reach <img src>, og:image and the sitemap)', () => {
  it.each([
    'https://i.ytimg.com/vi/abc/hqdefault.jpg',
    'http://127.0.0.1:4000/a.png',
    'HTTPS://Example.com/x',
    '/images/a.jpg',
    '/',
  ])('takes %s', (url) => expect(isLinkUrl(url)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'vbscript:x',
    'ftp://x.example/a.png',
    '//evil.example/phish',
    '/\\evil.example',
    'images/a.jpg',
    'https://',
    'https://exa mple.com/a.png',
    'https://example.com/a\nb',
    '',
  ])('refuses %j', (url) => expect(isLinkUrl(url)).toBe(false));

  it('names the rule in the schema error, and bounds the length', () => {
    expect(linkUrlSchema(20).safeParse('javascript:alert(1)').error?.issues[0].message).toBe(
      'must be an http(s) URL or a path on the site',
    );
    expect(linkUrlSchema(20).safeParse(`/${'a'.repeat(20)}`).success).toBe(false);
  });

  it('is what a backup video thumbnail must be', () => {
    const video = {
      id: 'abcdefghijk',
      title: 't',
      description: null,
      duration: '1:00',
      durationSeconds: 60,
      viewCount: 0,
      publishedAt: '2025-01-01T00:00:00Z',
      featured: false,
      kind: 'video',
    };
    expect(backupVideoSchema.safeParse({ ...video, thumbnail: 'javascript:alert(1)' }).success).toBe(false);
    expect(backupVideoSchema.safeParse({ ...video, thumbnail: null }).success).toBe(true);
    expect(backupVideoSchema.safeParse({ ...video, thumbnail: '/thumb.jpg' }).success).toBe(true);
  });
});
