import { settingsDefaults } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse, type FetchRoutes, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { youtubeCaptions } from '../../../../test/sync-run';
import { SettingsGate } from '../../shared/components/settings-gate';
import { consentPage } from '../api/google-account';
import { YoutubeCaptionsCard } from './youtube-captions-card';

const STATUS = '/api/admin/youtube-captions/status';
const SWITCH = '/api/admin/youtube-captions/switch';
const REFRESH = '/api/admin/youtube-captions/refresh';

function setup(status: ReturnType<typeof youtubeCaptions>, extra: FetchRoutes = {}) {
  const fetch = mockFetch({
    '/api/admin/settings': () => fakeResponse(200, settingsDefaults),
    '/api/admin/google-account': () => fakeResponse(404, {}),
    [STATUS]: () => fakeResponse(200, status),
    ...extra,
  });
  renderWithProviders(
    <MemoryRouter>
      <Toaster />
      <SettingsGate scope="integration">
        <YoutubeCaptionsCard />
      </SettingsGate>
    </MemoryRouter>,
  );
  return fetch;
}

const card = () => screen.findByRole('region', { name: /Transcripts from YouTube/ });
const bodyOf = (fetch: ReturnType<typeof mockFetch>, url: string) =>
  fetch.mock.calls.filter(([u]) => u === url).map(([, init]) => init?.body);

const connected = {
  enabled: true,
  connection: 'connected' as const,
  scopeGranted: true,
};

describe('the Transcripts from YouTube card', () => {
  afterEach(() => {
    act(() => notifications.clean());
    jest.restoreAllMocks();
  });

  it('is off by default and says why YouTube asks for so broad a permission', async () => {
    setup(youtubeCaptions());
    const region = await card();
    const toggle = await within(region).findByRole('switch', { name: 'Transcripts from YouTube' });
    expect(toggle).not.toBeChecked();
    expect(within(region).getByText('Off')).toBeTruthy();
    expect(within(region).getByTestId('youtube-captions-scope').textContent).toMatch(
      /even for your own videos: it has no read-only permission for captions.*never changes, uploads or deletes anything on your channel/,
    );
    expect(within(region).queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('turned on without the permission, goes to Google’s consent page', async () => {
    const open = jest.spyOn(consentPage, 'open').mockImplementation(() => undefined);
    const url = 'https://accounts.google.com/o/oauth2/v2/auth?scope=youtube.force-ssl';
    const fetch = setup(youtubeCaptions({ connection: 'connected' }), {
      [SWITCH]: () =>
        fakeResponse(200, {
          status: youtubeCaptions({
            enabled: true,
            connection: 'connected',
            message: 'Google has not granted…',
          }),
          authorizationUrl: url,
        }),
    });
    const region = await card();
    fireEvent.click(await within(region).findByRole('switch', { name: 'Transcripts from YouTube' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(url));
    expect(bodyOf(fetch, SWITCH)).toEqual([JSON.stringify({ enabled: true })]);
    expect(await within(region).findByText('Permission needed')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Grant access on Google' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
  });

  it('shows what was read, the budget (“units today: 1,250 of 5,000”), the last trouble and the tracks not stored; Refresh starts a run', async () => {
    const status = youtubeCaptions({
      ...connected,
      tracks: 31,
      videosWithTracks: 14,
      videos: { checked: 14, total: 24 },
      units: { today: 1250, dailyBudget: 5000 },
      lastRunAt: '2026-11-24T09:00:00.000Z',
      nextRunAt: '2026-11-25T09:00:00.000Z',
      lastError: {
        kind: 'budget',
        message: 'The site’s daily budget of 5,000 YouTube units for captions is spent.',
        at: '2026-11-24T09:05:00.000Z',
      },
      skipped: [
        {
          videoId: 'abc',
          title: 'Building a shelf',
          language: 'fr',
          name: 'Français',
          reason: 'forbidden',
          detail:
            'The permissions associated with the request are not sufficient to download the caption track.',
        },
        {
          videoId: 'abc',
          title: 'Building a shelf',
          language: 'de',
          name: 'Deutsch',
          reason: 'draft',
          detail: '',
        },
      ],
      skippedCount: 5,
    });
    const fetch = setup(status, {
      [REFRESH]: () => fakeResponse(202, { started: true, status: { ...status, running: true } }),
    });
    const region = await card();
    const details = await within(region).findByTestId('youtube-captions-status');
    expect(details.textContent).toContain('31 transcripts of 14 videos read from YouTube.');
    expect(details.textContent).toContain('Videos checked: 14 of 24 · Units today: 1,250 of 5,000');
    expect(within(details).getByText('Today’s budget is spent')).toBeTruthy();
    const skipped = within(region).getByTestId('youtube-captions-skipped');
    expect(skipped.textContent).toContain('Not stored (5):');
    expect(skipped.textContent).toContain(
      'Building a shelf — fr “Français”: YouTube refused the download (The permissions',
    );
    expect(skipped.textContent).toContain('Building a shelf — de “Deutsch”: a draft on YouTube');
    expect(skipped.textContent).toContain('and 3 more.');
    fireEvent.click(within(region).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(bodyOf(fetch, REFRESH)).toHaveLength(1));
    expect(await within(region).findByText(/^Reading captions from YouTube now…/)).toBeTruthy();
  });

  it('asks before turning off deletes the transcripts read from YouTube', async () => {
    const fetch = setup(youtubeCaptions({ ...connected, tracks: 12, videosWithTracks: 6 }), {
      [SWITCH]: () =>
        fakeResponse(200, { status: youtubeCaptions({ connection: 'connected' }), authorizationUrl: null }),
    });
    const region = await card();
    const toggle = await within(region).findByRole('switch', { name: 'Transcripts from YouTube' });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    const confirm = await within(region).findByTestId('youtube-captions-confirm-off');
    expect(confirm.textContent).toContain('deletes the 12 transcripts read from YouTube');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it on' }));
    expect(bodyOf(fetch, SWITCH)).toEqual([]);
    fireEvent.click(toggle);
    fireEvent.click(await within(region).findByRole('button', { name: 'Turn off and delete' }));
    expect(await screen.findByText('Transcripts from YouTube turned off')).toBeTruthy();
    expect(bodyOf(fetch, SWITCH)).toEqual([JSON.stringify({ enabled: false })]);
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('tells the owner to connect first, or to reconnect', async () => {
    setup(
      youtubeCaptions({
        enabled: true,
        connection: 'reconnect-needed',
        message: 'Reconnect needed: Google no longer accepts the site’s access.',
      }),
    );
    const region = await card();
    expect((await within(region).findByTestId('youtube-captions-message')).textContent).toMatch(
      /^Reconnect needed/,
    );
    expect(within(region).getByText('Reconnect needed')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Grant access on Google' })).toBeNull();
    expect(within(region).getByRole('button', { name: 'Refresh' })).toBeDisabled();
  });
});
