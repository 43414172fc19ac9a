import type { PublicSettings } from '@app/contracts';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import { act, render } from '@testing-library/react';
import { publicSettingsQueryOptions } from '../features/settings/api/get-public-settings';
import { createQueryClient } from '../lib/query-client';
import { fakeResponse, mockFetch } from '../test/fetch-mock';
import { HomeApp } from './home-app';
import type { PageModel } from '@app/contracts/page-model';
import { putPageModel } from '../entry-server';
import { homePageQueries, searchPageQueries, watchPageQueries } from './page-data';
import { SearchApp } from './search-app';
import { WatchApp } from './watch-app';

const keyOf = (key: readonly unknown[]) => JSON.stringify(key);

/** Renders a page in the given settings (known from the start, as in a hydrated page) and returns the query keys its components asked for. */
async function askedFor(page: 'home' | 'watch' | 'search', settings: PublicSettings): Promise<string[]> {
  window.localStorage.clear();
  // Every other call answers 404: the components still ask, which is what is counted.
  mockFetch({ '/api/settings': () => fakeResponse(200, settings) });
  const queryClient = createQueryClient();
  // As after the server's rendering: the page renders in its settings from the start.
  queryClient.setQueryData(publicSettingsQueryOptions().queryKey, settings);
  const view = render(
    page === 'home' ? (
      <HomeApp queryClient={queryClient} />
    ) : page === 'search' ? (
      <SearchApp q="shed" offset={20} queryClient={queryClient} />
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

  it('the search page asks for exactly what it declares, and the page model fills it', async () => {
    const declared = searchPageQueries({ q: 'shed', offset: 20 }).map((query) => keyOf(query.queryKey));
    expect(await askedFor('search', everySection)).toEqual([settingsKey, ...declared].sort());
    const queryClient = createQueryClient();
    const data = { q: 'shed', offset: 20, total: 0, results: [], error: null };
    putPageModel(queryClient, {
      ...base,
      path: '/search',
      kind: 'search',
      status: 200,
      settings: everySection,
      data,
    });
    const [results] = searchPageQueries({ q: 'shed', offset: 20 });
    expect(queryClient.getQueryData(results.queryKey)).toEqual(data);
    queryClient.clear();
  });

  const base: Pick<PageModel, 'version' | 'head' | 'policy' | 'cache'> = {
    version: '7',
    head: '<title>T</title>',
    policy: { 'script-src': [], 'img-src': [], 'connect-src': [], 'frame-src': [] },
    cache: { shared: true, cacheControl: 'no-cache' },
  };
  const list = { items: [], total: 0 };

  it.each([
    ['every optional section on', everySection],
    ['every optional section off, Shorts hidden', noSection],
  ])('the page model fills every query the home page declares, and nothing else (%s)', (_case, settings) => {
    const model: PageModel = {
      ...base,
      path: '/',
      kind: 'home',
      status: 200,
      settings,
      data: {
        channel: { subscriberCount: 1, videoCount: 2, viewCount: 3 } as never,
        videos: { items: [], total: 41 },
        live: { live: false, upcoming: false } as never,
        ...(settings.showFeaturedVideo && { featured: null }),
        ...(settings.showPlaylistSection && { playlists: [] }),
        ...(settings.showShortsShelf && { shorts: list }),
      },
    };
    const queryClient = createQueryClient();
    putPageModel(queryClient, model);
    const declared = homePageQueries(settings);
    for (const query of declared) expect(queryClient.getQueryData(query.queryKey)).not.toBeUndefined();
    const filled = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => keyOf(query.queryKey));
    expect(filled.sort()).toEqual([settingsKey, ...declared.map((query) => keyOf(query.queryKey))].sort());
    // The grid's page, as `GET /api/videos` would have given it.
    expect(queryClient.getQueryData(declared[1].queryKey)).toMatchObject({
      videos: [],
      total: 41,
      offset: 0,
    });
    queryClient.clear();
  });

  it('the page model fills a watch page’s query (null for a video the site does not have)', () => {
    const queryClient = createQueryClient();
    putPageModel(queryClient, {
      ...base,
      path: '/videos/abc123',
      kind: 'watch',
      status: 404,
      settings: everySection,
      data: { video: null },
    });
    const [detail] = watchPageQueries('abc123');
    expect(queryClient.getQueryData(detail.queryKey)).toBeNull();
    expect(queryClient.getQueryData(publicSettingsQueryOptions().queryKey)).toEqual(everySection);
    queryClient.clear();
  });
});
