import type { SearchResponse, SearchResult, Video } from '@app/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../test/fetch-mock';
import { suggestionHref, SUGGEST_DELAY_MS } from './search-suggestions';
import { SiteSearch } from './site-search';

const video = (id: string, title: string) => ({ id, title }) as Video;
const results: SearchResult[] = [
  {
    video: video('shed1', 'Building a shed'),
    match: 'transcript',
    snippet: [{ text: 'quokkas', match: true }],
    moments: [{ kind: 'transcript', at: 754.2, snippet: [{ text: 'quokkas', match: true }] }],
  },
  {
    video: video('quok2', 'Quokka facts'),
    match: 'title',
    snippet: [{ text: 'Quokka facts', match: false }],
    moments: [],
  },
];

describe('the top bar’s suggestions', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('lead to the watch page, at the moment when the best match is a chapter or a cue', () => {
    expect(suggestionHref(results[0])).toBe('/videos/shed1?t=754');
    expect(suggestionHref(results[1])).toBe('/videos/quok2');
  });

  it('load once the field is focused, ask after a pause in typing, and list the videos as options', async () => {
    const fetch = mockFetch({
      '/api/search?q=quok&limit=5': () =>
        fakeResponse(200, { q: 'quok', total: 2, results } satisfies SearchResponse),
    });
    render(<SiteSearch />);
    const field = screen.getByRole('searchbox', { name: 'Search' });
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
    act(() => field.focus());
    await act(async () => {
      await jest.runOnlyPendingTimersAsync();
    });
    const combobox = await screen.findByRole('combobox', { name: 'Search' });
    fireEvent.change(combobox, { target: { value: 'q' } });
    fireEvent.input(combobox, { target: { value: 'quok' } });
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SUGGEST_DELAY_MS);
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Building a shedat 12:34 quokkas',
      'Quokka factsQuokka facts',
    ]);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[0].id);
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });
});
