import type { SearchResult, Video } from '@app/contracts';
import type { SearchPageData } from '@app/contracts/search-page';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { searchPageQueryOptions } from '../api/get-search-page';
import { SearchPage } from './search-page';

const video = (id: string, title: string): Video => ({
  id,
  title,
  description: null,
  thumbnail: null,
  image: null,
  duration: '10:00',
  durationSeconds: 600,
  viewCount: 3,
  publishedAt: '2026-01-01T00:00:00.000Z',
  featured: false,
  kind: 'video',
});

const shed: SearchResult = {
  video: video('shed1', 'Building a shed'),
  match: 'transcript',
  snippet: [
    { text: 'now we ', match: false },
    { text: 'hammer', match: true },
  ],
  moments: [
    {
      kind: 'transcript',
      at: 754.6,
      snippet: [
        { text: 'now we ', match: false },
        { text: 'hammer', match: true },
        { text: ' <b>the nails</b>', match: false },
      ],
    },
    { kind: 'chapter', at: 3725, snippet: [{ text: 'Hammer time', match: true }] },
  ],
};
const titled: SearchResult = {
  video: video('ham2', 'Hammer review'),
  match: 'title',
  snippet: [
    { text: 'Hammer', match: true },
    { text: ' review', match: false },
  ],
  moments: [],
};

function renderPage(data: SearchPageData) {
  const view = renderWithProviders(<SearchPage q={data.q} offset={data.offset} />, {});
  view.queryClient.setQueryData(searchPageQueryOptions(data.q, data.offset).queryKey, data);
  view.rerender(<SearchPage q={data.q} offset={data.offset} />);
  return view;
}

const page = (patch: Partial<SearchPageData>): SearchPageData => ({
  q: 'hammer',
  offset: 0,
  total: 2,
  results: [shed, titled],
  error: null,
  ...patch,
});

describe('the search page', () => {
  it('shows each video with its title to its watch page, its marked snippet and its moments at their time', () => {
    const { container } = renderPage(page({}));
    expect(screen.getByText('2 videos match “hammer”')).toBeTruthy();
    const titles = [...container.querySelectorAll('h2 a')];
    expect(titles.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Building a shed', '/videos/shed1'],
      ['Hammer review', '/videos/ham2'],
    ]);
    const moments = screen.getAllByRole('link', { name: /^at / });
    expect(moments.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['at 12:34', '/videos/shed1?t=754'],
      ['at 1:02:05', '/videos/shed1?t=3725'],
    ]);
    // Matched parts in <mark>; the data's markup stays text.
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'hammer',
      'Hammer time',
      'Hammer',
    ]);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>the nails</b>');
    // Each with its views and age, as the cards say them.
    expect(container.querySelectorAll('h2 + p')[0].textContent).toMatch(/^3 views • /);
    // One page of results: no paging.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('links the previous and next pages of results, which work without the app', () => {
    renderPage(page({ total: 45, offset: 20 }));
    expect(screen.getByText(/45 videos match “hammer” · Results 21–22/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous results' }).getAttribute('href')).toBe(
      '/search?q=hammer',
    );
    expect(screen.getByRole('link', { name: 'More results' }).getAttribute('href')).toBe(
      '/search?q=hammer&offset=40',
    );
  });

  it('says when nothing matches, when the query is too long, and shows the form alone for an empty query', () => {
    const none = renderPage(page({ q: 'zebra "*', total: 0, results: [] }));
    expect(screen.getByText('No videos match “zebra "*”.')).toBeTruthy();
    none.unmount();
    const long = renderPage(page({ q: 'x'.repeat(201), total: 0, results: [], error: 'too-long' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'This search is too long: use at most 200 characters.',
    );
    long.unmount();
    const { container } = renderPage(page({ q: '', total: 0, results: [] }));
    expect(container.querySelector('form[action="/search"] input[name="q"]')).toBeTruthy();
    expect(container.querySelector('ol')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
