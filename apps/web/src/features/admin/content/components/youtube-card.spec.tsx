import { settingsDefaults, type SyncStatus } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { OverviewPanel } from '../../integrations/components/overview-panel';
import { SettingsGate } from '../../shared/components/settings-gate';
import { YoutubeIntegrationCard } from './youtube-integration-card';

const status = (setup: SyncStatus['setup']): SyncStatus => ({
  lastRun: null,
  lastSuccess: null,
  lastPush: null,
  setup,
});

function answers(setup: SyncStatus['setup'], extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    '/api/admin/settings': () => fakeResponse(200, settingsDefaults),
    '/api/sync/status': () => fakeResponse(200, status(setup)),
    '/api/admin/integrations/checks': () => fakeResponse(200, { checks: [] }),
    '/api/youtube/websub/status': () =>
      fakeResponse(200, {
        state: 'off',
        offReason: 'no-channel',
        channelId: null,
        leaseExpiresAt: null,
        lastNotificationAt: null,
        lastError: null,
      }),
    ...extra,
  });
}

function renderCard() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/admin']}>
      <Toaster />
      <YoutubeIntegrationCard />
    </MemoryRouter>,
  );
}

const card = () => screen.getByRole('region', { name: /YouTube Integration/ });

describe('the YouTube Integration card (issue 45)', () => {
  afterEach(() => act(() => notifications.clean()));

  it.each([
    [{ channel: false, apiKey: false }, 'Not set up'],
    [{ channel: false, apiKey: true }, 'Not set up'],
    [{ channel: true, apiKey: false }, 'Feed mode'],
    [{ channel: true, apiKey: true }, 'Connected'],
  ])('its badge tells the truth: %j is %s', async (setup, label) => {
    answers(setup);
    renderCard();
    // The first render loads the card's code: give a busy machine time.
    await waitFor(() => expect(within(card()).getByText(label, { exact: true })).toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(within(card()).queryByText(label === 'Connected' ? 'Not set up' : 'Connected')).toBeNull();
  });

  it('before a channel is set, Sync Now says what to do and leads to the Channel field, asking the API for no sync', async () => {
    const fetch = answers({ channel: false, apiKey: false });
    renderCard();
    const channel = await screen.findByLabelText('Channel');
    fireEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    expect(await screen.findByText('Set up YouTube first')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Paste your channel's URL into Channel below, then Save and test. Sync Now then fetches your videos.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(channel).toHaveFocus());
    expect(fetch.mock.calls.some(([url]) => url === '/api/sync/youtube')).toBe(false);
  });

  it('a real failure keeps the SPEC’s toast title, with a description for a person (no status code)', async () => {
    answers(
      { channel: true, apiKey: true },
      {
        '/api/sync/youtube': () =>
          fakeResponse(502, {
            statusCode: 502,
            message: 'YouTube API quota exceeded (quotaExceeded): try again tomorrow',
            error: 'Bad Gateway',
          }),
      },
    );
    renderCard();
    await screen.findByText('Connected');
    fireEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    expect(await screen.findByText('FolderSync failed')).toBeInTheDocument();
    expect(
      screen.getByText('YouTube API quota exceeded (quotaExceeded): try again tomorrow'),
    ).toBeInTheDocument();
  });
});

describe('the Integrations overview’s YouTube tile (issue 45)', () => {
  it('shows the same badge, and links to the one set-up card instead of a Test of its own', async () => {
    answers({ channel: false, apiKey: false });
    renderWithProviders(
      <MemoryRouter>
        <SettingsGate scope="integration">
          <OverviewPanel />
        </SettingsGate>
      </MemoryRouter>,
    );
    const tile = await screen.findByTestId('integration-youtube');
    await waitFor(() => expect(tile).toHaveTextContent('Not set up'));
    expect(within(tile).queryByRole('button', { name: 'Test YouTube' })).toBeNull();
    expect(
      within(tile).getByRole('link', { name: 'Set up under Content → YouTube Integration' }),
    ).toHaveAttribute('href', '/admin?field=channel');
  });
});
