import { pageModelUrl } from './page-model';
import { searchPageHead, searchPageParams, searchPagePath } from './search-page';
import { pageHeadHtml } from './page-head';

describe('the search page', () => {
  it('reads its query trimmed and bounded, and its offset as a whole number within bounds', () => {
    expect(searchPageParams(new URLSearchParams('q=%20hammer%20&offset=20'))).toEqual({
      q: 'hammer',
      offset: 20,
    });
    expect(searchPageParams(new URLSearchParams('offset=-3'))).toEqual({ q: '', offset: 0 });
    expect(searchPageParams(new URLSearchParams('q=a&offset=1e3'))).toEqual({ q: 'a', offset: 0 });
    expect(searchPageParams(new URLSearchParams('q=a&offset=99999'))).toEqual({ q: 'a', offset: 10_000 });
    // 2 KB travel no further than one character past the longest query (still too long).
    expect(searchPageParams(new URLSearchParams({ q: 'x'.repeat(2048) })).q).toHaveLength(201);
  });

  it('links its pages, and asks the page model with the query beside the path', () => {
    expect(searchPagePath('a&b "c"')).toBe('/search?q=a%26b+%22c%22');
    expect(searchPagePath('日本', 40)).toBe('/search?q=%E6%97%A5%E6%9C%AC&offset=40');
    expect(pageModelUrl('/search', { q: 'a&b', offset: 20 })).toBe(
      '/api/page?path=%2Fsearch&q=a%26b&offset=20',
    );
  });

  it('is titled after the query and kept out of the indexes', () => {
    const html = pageHeadHtml(
      searchPageHead(
        {
          siteTitle: 'Tools',
          siteDescription: '',
          metaKeywords: '',
          ogImage: '',
          twitterHandle: '',
          enableRSS: false,
          siteLanguage: 'en',
        } as Parameters<typeof searchPageHead>[0],
        'https://example.com',
        'Search: <b>',
      ),
    );
    expect(html).toContain('<title>Search: &lt;b&gt; – Tools</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });
});
