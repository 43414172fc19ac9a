import type { PublicSettings } from '@app/contracts';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import { act, render } from '@testing-library/react';
import { publicSettingsQueryOptions } from '../features/settings/api/get-public-settings';
import { createQueryClient } from '../lib/query-client';
import { fakeResponse, mockFetch } from '../test/fetch-mock';
import { HomeApp } from './home-app';
import { homePageQueries, watchPageQueries } from './page-data';
import { WatchApp } from './watch-app';

const keyOf = (key: readonly unknown[]) => JSON.stringify(key);

/** Renders a page in the given settings (known from the start, as in a hydrated page) and returns the query keys its components asked for. */
async function askedFor(page: 'home' | 'watch', settings: PublicSettings): Promise<string[]> {
  window.localStorage.clear();
  // Every other call answers 404: the components still ask, which is what is counted.
  mockFetch({ '/api/settings': () => fakeResponse(200, settings) });
  const queryClient = createQueryClient();
  // As after the server's rendering: the page renders in its settings from the start.
  queryClient.setQueryData(publicSettingsQueryOptions().queryKey, settings);
  const view = render(
    page === 'home' ? (
      <HomeApp queryClient={queryClient} />
    ) : (
      <WatchApp videoId="abc123" queryClient={queryClient} />
    ),
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  const keys = queryClient
    .getQueryCache()
    .getAll()
    .map((query) => keyOf(query.queryKey));
  view.unmount();
  queryClient.clear();
  return [...new Set(keys)].sort();
}

describe('what a page needs (page-data.ts), declared once', () => {
  const settingsKey = keyOf(publicSettingsQueryOptions().queryKey);
  const everySection: PublicSettings = {
    ...PUBLIC_SETTINGS_DEFAULTS,
    showFeaturedVideo: true,
    showPlaylistSection: true,
    showShortsShelf: true,
  };
  const noSection: PublicSettings = {
    ...PUBLIC_SETTINGS_DEFAULTS,
    showFeaturedVideo: false,
    showPlaylistSection: false,
    showShortsShelf: false,
    hideShorts: true,
  };

  it.each([
    ['every optional section on', everySection],
    ['every optional section off, Shorts hidden', noSection],
  ])('the home page asks for exactly what it declares (%s)', async (_case, settings) => {
    const declared = homePageQueries(settings).map((query) => keyOf(query.queryKey));
    expect(await askedFor('home', settings)).toEqual([settingsKey, ...declared].sort());
  });

  it('a watch page asks for exactly what it declares', async () => {
    const declared = watchPageQueries('abc123').map((query) => keyOf(query.queryKey));
    expect(await askedFor('watch', everySection)).toEqual([settingsKey, ...declared].sort());
  });
});
