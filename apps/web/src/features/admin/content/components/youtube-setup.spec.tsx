import { SECRET_MASK, settingsDefaults } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { SettingsGate } from '../../shared/components/settings-gate';
import { YoutubeSetup } from './youtube-setup';

const CHANNEL_ID = 'UC_x5XG1OV2P6uZZ5FSM9Ttw';

function render(url = '/admin') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Toaster />
      <SettingsGate scope="integration">
        <YoutubeSetup />
      </SettingsGate>
    </MemoryRouter>,
  );
}

const bodies = (fetch: jest.Mock, path: string) =>
  fetch.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

describe('the YouTube set-up (issue 24)', () => {
  afterEach(() => act(() => notifications.clean()));

  it('saves the key and the channel, shows the real test’s answer with what Save and test cost, and points to Sync Now', async () => {
    const fetch = mockFetch({
      '/api/admin/settings': () => fakeResponse(200, settingsDefaults),
      '/api/sync/status': () => fakeResponse(200, { lastRun: null, lastSuccess: null }),
      '/api/settings/youtubeApiKey': () => fakeResponse(200, { key: 'youtubeApiKey', value: SECRET_MASK }),
      '/api/settings/channelId': () => fakeResponse(200, { key: 'channelId', value: CHANNEL_ID }),
      '/api/integrations/youtube/test': () =>
        fakeResponse(200, {
          id: 'youtube',
          ok: true,
          scope: 'connection',
          message: `YouTube channel "Google for Developers" (${CHANNEL_ID}); the test used 1 quota unit`,
          checkedAt: '2026-11-26T12:00:00.000Z',
          durationMs: 12,
        }),
      '/api/admin/integrations/checks': () => fakeResponse(200, { checks: [] }),
    });
    render();
    expect(await screen.findByTestId('feed-mode-note')).toHaveTextContent(
      'Feed mode: without an API key the sync reads the channel’s public feed, free of quota. It lists only the newest 15 videos, and no durations or playlists (they show as unknown). An API key brings the full history, durations and playlists: the next sync fills them in.',
    );
    fireEvent.change(await screen.findByLabelText('YouTube API key'), { target: { value: 'AIza-key_1' } });
    fireEvent.change(screen.getByLabelText('Channel'), {
      target: { value: 'https://www.youtube.com/@GoogleDevelopers' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save and test' }));

    expect(await screen.findByTestId('youtube-setup-result')).toHaveTextContent(
      `YouTube channel "Google for Developers" (${CHANNEL_ID}); the test used 1 quota unit`,
    );
    expect(bodies(fetch, '/api/settings/youtubeApiKey')).toEqual([{ value: 'AIza-key_1' }]);
    expect(bodies(fetch, '/api/settings/channelId')).toEqual([
      { value: 'https://www.youtube.com/@GoogleDevelopers' },
    ]);
    // The field shows what was stored: the resolved id; the key field is emptied, the key never shown.
    expect(screen.getByLabelText('Channel')).toHaveValue(CHANNEL_ID);
    expect(screen.getByLabelText('YouTube API key')).toHaveValue('');
    // One sync button (the card's Sync Now): the result points to it instead of offering a second one.
    expect(screen.queryByRole('button', { name: 'Run the first sync' })).toBeNull();
    const result = screen.getByTestId('youtube-setup-result');
    expect(result).toHaveTextContent('Next: Sync Now, above, runs the first sync.');
    // The channel was looked up with the key when saved, then tested: 2 units, as the fake YouTube counts them.
    expect(result).toHaveTextContent(
      'Saving the channel looked it up as well: 2 quota units in all for Save and test.',
    );
    // A key is saved now: no longer feed mode.
    expect(screen.queryByTestId('feed-mode-note')).toBeNull();
  });

  it('stops at a refused channel: the toast names what is wrong and no test runs', async () => {
    const fetch = mockFetch({
      '/api/admin/settings': () => fakeResponse(200, settingsDefaults),
      '/api/sync/status': () => fakeResponse(200, { lastRun: null, lastSuccess: null }),
      '/api/settings/channelId': () =>
        fakeResponse(400, {
          statusCode: 400,
          message: 'channelId: YouTube has no channel @nobody-at-all',
          error: 'Bad Request',
        }),
    });
    render();
    fireEvent.change(await screen.findByLabelText('Channel'), { target: { value: '@nobody-at-all' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and test' }));
    expect(await screen.findByText('Failed to update integration')).toBeInTheDocument();
    expect(screen.getByText('400: channelId: YouTube has no channel @nobody-at-all')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save and test' })).toBeEnabled());
    expect(fetch.mock.calls.some(([url]) => url === '/api/integrations/youtube/test')).toBe(false);
    expect(bodies(fetch, '/api/settings/youtubeApiKey')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Run the first sync' })).toBeNull();
  });

  it('says up front what Save and test costs', async () => {
    mockFetch({
      '/api/admin/settings': () => fakeResponse(200, settingsDefaults),
      '/api/sync/status': () => fakeResponse(200, { lastRun: null, lastSuccess: null }),
    });
    render();
    expect(await screen.findByTestId('youtube-setup-cost')).toHaveTextContent(
      'With an API key, Save and test spends 1 quota unit (2 units when the channel changes: saving looks it up); without a key, none.',
    );
  });

  it('without a key, asks for the channel URL with its UC… id and says where to find it; with one, a handle too', async () => {
    mockFetch({
      '/api/admin/settings': () => fakeResponse(200, settingsDefaults),
      '/api/sync/status': () => fakeResponse(200, { lastRun: null, lastSuccess: null }),
    });
    render();
    const channel = await screen.findByLabelText('Channel');
    expect(channel).toHaveAttribute('placeholder', 'https://www.youtube.com/channel/UC…');
    expect(channel).toHaveAccessibleDescription(
      'Without an API key, paste the channel URL with its UC… id: on YouTube, open your channel → Share → Copy channel ID, or copy the address youtube.com/channel/UC…. An @handle needs the API key.',
    );
    // Typing a key (saved before the channel) makes a handle work.
    fireEvent.change(screen.getByLabelText('YouTube API key'), { target: { value: 'AIza-key_1' } });
    expect(channel).toHaveAttribute('placeholder', 'https://www.youtube.com/@yourchannel');
    expect(channel).toHaveAccessibleDescription(
      'Paste a channel URL (youtube.com/@name or youtube.com/channel/UC…), an @handle or a UC… channel id.',
    );
  });

  it('lands on the Channel field from a link (&field=channel): scrolled to and focused', async () => {
    mockFetch({
      '/api/admin/settings': () => fakeResponse(200, settingsDefaults),
      '/api/sync/status': () => fakeResponse(200, { lastRun: null, lastSuccess: null }),
    });
    const scrolled = jest.mocked(Element.prototype.scrollIntoView);
    scrolled.mockClear();
    render('/admin?field=channel');
    const channel = await screen.findByLabelText('Channel');
    await waitFor(() => expect(channel).toHaveFocus());
    expect(scrolled.mock.contexts).toEqual([channel]);
  });
});
