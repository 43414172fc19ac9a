import { screen, waitFor } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ChannelStats } from './channel-stats';

const value = (id: string) => screen.getByTestId(`stat-${id}-value`);

describe('ChannelStats', () => {
  it('shows the placeholders until the stats arrive, then the compact counts', async () => {
    let answer!: (res: Response) => void;
    const fetch = mockFetch({
      '/api/channel/stats': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<ChannelStats />);

    expect(value('subscribers')).toHaveTextContent('125K');
    expect(value('videos')).toHaveTextContent('450');
    expect(value('views')).toHaveTextContent('12M');
    expect(screen.getByRole('list', { name: 'Channel statistics' })).toHaveAttribute('aria-busy', 'true');

    answer(fakeResponse(200, { subscriberCount: 48_213, videoCount: 37, viewCount: 2_468_000 }));

    expect(await screen.findByText('48K')).toBe(value('subscribers'));
    expect(value('videos')).toHaveTextContent(/^37$/);
    expect(value('views')).toHaveTextContent('2.5M');
    expect(screen.getByRole('list', { name: 'Channel statistics' })).toHaveAttribute('aria-busy', 'false');
    expect(fetch).toHaveBeenCalledWith(
      '/api/channel/stats',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('leaves out a subscriber count the channel hides (null), never showing 0 (issue 27)', async () => {
    mockFetch({
      '/api/channel/stats': () => fakeResponse(200, { subscriberCount: null, videoCount: 37, viewCount: 0 }),
    });
    renderWithProviders(<ChannelStats />);
    expect(await screen.findByText(/^37$/)).toBe(value('videos'));
    expect(screen.queryByTestId('stat-subscribers')).toBeNull();
    expect(screen.getByRole('list', { name: 'Channel statistics' })).toHaveAttribute('data-count', '2');
    // A real 0 is a count like any other.
    expect(value('views')).toHaveTextContent(/^0$/);
  });

  it('leaves out the totals a feed-only sync does not know (null), never "0 videos" or "0 views" (issue 24)', async () => {
    mockFetch({
      '/api/channel/stats': () =>
        fakeResponse(200, { subscriberCount: 48_213, videoCount: null, viewCount: null }),
    });
    renderWithProviders(<ChannelStats />);
    expect(await screen.findByText('48K')).toBe(value('subscribers'));
    expect(screen.queryByTestId('stat-videos')).toBeNull();
    expect(screen.queryByTestId('stat-views')).toBeNull();
    expect(screen.queryByText(/^0$/)).toBeNull();
    expect(screen.getByRole('list', { name: 'Channel statistics' })).toHaveAttribute('data-count', '1');
  });

  it('shows no statistics at all when no total is known, and a real 0 video and 0 views as 0', async () => {
    mockFetch({
      '/api/channel/stats': () =>
        fakeResponse(200, { subscriberCount: null, videoCount: null, viewCount: null }),
    });
    const { unmount } = renderWithProviders(<ChannelStats />);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Channel statistics' })).toBeNull());
    expect(screen.queryByText(/^0$/)).toBeNull();
    unmount();

    mockFetch({
      '/api/channel/stats': () => fakeResponse(200, { subscriberCount: 0, videoCount: 0, viewCount: 0 }),
    });
    renderWithProviders(<ChannelStats />);
    await waitFor(() => expect(value('views')).toHaveTextContent(/^0$/));
    expect(value('videos')).toHaveTextContent(/^0$/);
    expect(value('subscribers')).toHaveTextContent(/^0$/);
    expect(screen.getByRole('list', { name: 'Channel statistics' })).toHaveAttribute('data-count', '3');
  });

  it('keeps the placeholders when the stats cannot be loaded', async () => {
    const fetch = mockFetch({ '/api/channel/stats': () => fakeResponse(500, { message: 'down' }) });
    renderWithProviders(<ChannelStats />);
    await screen.findByRole('list', { name: 'Channel statistics' });
    await new Promise((r) => setTimeout(r, 0));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(value('subscribers')).toHaveTextContent('125K');
    expect(value('views')).toHaveTextContent('12M');
  });
});
