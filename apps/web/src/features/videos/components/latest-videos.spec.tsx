import type { PublicSettings, Video } from '@app/contracts';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { LatestVideos } from './latest-videos';

const video = (id: string, kind: Video['kind']): Video => ({
  id,
  title: `${kind} ${id}`,
  description: null,
  thumbnail: null,
  image: null,
  duration: '1:00',
  durationSeconds: 60,
  viewCount: 1,
  publishedAt: '2026-01-01T00:00:00.000Z',
  featured: false,
  kind,
});

const page = (videos: Video[]) => () =>
  ({
    ...fakeResponse(200, videos),
    headers: new Headers({ 'X-Total-Count': String(videos.length) }),
  }) as Response;

function setup(settings: Partial<PublicSettings>) {
  window.localStorage.clear();
  return mockFetch({
    '/api/settings': () => fakeResponse(200, { ...PUBLIC_SETTINGS_DEFAULTS, ...settings }),
    '/api/videos?sort=recent&limit=20': page([
      video('v1', 'video'),
      video('s1', 'short'),
      video('l1', 'live'),
    ]),
    '/api/videos?sort=recent&kind=short&limit=20': page([video('s1', 'short')]),
    '/api/videos?sort=recent&kind=live%2Cupcoming%2Creplay&limit=20': page([
      video('l1', 'live'),
      video('r1', 'replay'),
    ]),
    '/api/videos?sort=recent&kind=video%2Clive%2Cupcoming%2Creplay&limit=20': page([
      video('v1', 'video'),
      video('l1', 'live'),
    ]),
    '/api/videos?sort=recent&kind=short&limit=12': page([video('s1', 'short'), video('s2', 'short')]),
  });
}

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('LatestVideos filters', () => {
  it('asks the API for the kinds of the picked filter', async () => {
    const fetch = setup({});
    renderWithProviders(<LatestVideos />);
    const filters = await screen.findByRole('group', { name: 'Show' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Videos', 'Shorts', 'Live and replays']);
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(filters).getByRole('button', { name: 'Live and replays' }));
    await waitFor(() => expect(titles()).toEqual(['live l1', 'replay r1']));
    expect(screen.getByText('Replay')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/videos?sort=recent&kind=live%2Cupcoming%2Creplay&limit=20',
      expect.anything(),
    );
    fireEvent.click(within(filters).getByRole('button', { name: 'Shorts' }));
    await waitFor(() => expect(titles()).toEqual(['short s1']));
  });

  it('leaves Shorts out of the grid and its filters when the site hides them; the shelf still shows them', async () => {
    setup({ hideShorts: true, showShortsShelf: true });
    renderWithProviders(<LatestVideos />);
    const shelf = await screen.findByTestId('shorts-shelf');
    expect(
      within(shelf)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Shorts', 'short s1', 'short s2']);
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Show' })).queryByRole('button', { name: 'Shorts' }),
      ).toBeNull(),
    );
    const grid = () => titles().filter((t) => !/^shorts?\b/i.test(t ?? ''));
    await waitFor(() => expect(grid()).toEqual(['video v1', 'live l1']));
  });
});
