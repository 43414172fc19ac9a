import { GOOGLE_RETURN_PATH, GOOGLE_SCOPES, SECRET_MASK, settingsDefaults } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { googleAccount } from '../../../../test/sync-run';
import { SettingsGate } from '../../shared/components/settings-gate';
import { adminLink } from '../../shared/lib/admin-link';
import { consentPage } from '../api/google-account';
import { GoogleAccountCard } from './google-account-card';

const CHANNEL = { id: 'UCabcdefghijklmnopqrstuv', title: 'Code with Alex' };
const CLIENT = {
  googleOAuthClientId: '1234-abc.apps.googleusercontent.com',
  googleOAuthClientSecret: SECRET_MASK,
};

function setup(
  status: ReturnType<typeof googleAccount>,
  settings: Partial<typeof settingsDefaults> = CLIENT,
  extra: Parameters<typeof mockFetch>[0] = {},
) {
  const fetch = mockFetch({
    '/api/admin/settings': () => fakeResponse(200, { ...settingsDefaults, ...settings }),
    '/api/admin/google-account': () => fakeResponse(200, status),
    ...extra,
  });
  renderWithProviders(
    <MemoryRouter>
      <Toaster />
      <SettingsGate scope="integration">
        <GoogleAccountCard />
      </SettingsGate>
    </MemoryRouter>,
  );
  return fetch;
}

const card = () => screen.findByRole('region', { name: /YouTube Analytics/ });

describe('the Google account card (YouTube Analytics)', () => {
  afterEach(() => {
    act(() => notifications.clean());
    jest.restoreAllMocks();
  });

  it('is where Google sends the owner back', () => {
    expect(adminLink({ tab: 'integrations', field: 'google-account' })).toBe(GOOGLE_RETURN_PATH);
  });

  it('announces its loading as a status (a labelled loader without a role is an axe violation)', async () => {
    setup(googleAccount(), CLIENT, {
      '/api/admin/google-account': () => new Promise<Response>(() => undefined),
    });
    expect(await screen.findByRole('status', { name: 'Loading the Google account' })).toBeTruthy();
  });

  it('asks for the OAuth client first and shows the redirect URI to register', async () => {
    setup(googleAccount(), { googleOAuthClientId: '', googleOAuthClientSecret: '' });
    const region = await card();
    expect(await within(region).findByText('Not connected')).toBeTruthy();
    expect(within(region).getByTestId('google-account-state').textContent).toMatch(/^Not connected\./);
    expect(within(region).getByRole('button', { name: 'Connect Google account' })).toBeDisabled();
    expect(within(region).getByTestId('google-account-needs-client').textContent).toMatch(
      /^Set the OAuth client ID and secret first/,
    );
    expect((within(region).getByRole('textbox', { name: 'Redirect URI' }) as HTMLInputElement).value).toBe(
      'http://localhost/api/admin/google-account/callback',
    );
    expect(within(region).getByRole('button', { name: 'Copy redirect URI' })).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });

  it('shows the secret masked, and Connect goes to Google’s consent page, with Revenue when ticked', async () => {
    const open = jest.spyOn(consentPage, 'open').mockImplementation(() => undefined);
    const fetch = setup(googleAccount({ clientConfigured: true }), CLIENT, {
      '/api/admin/google-account/connect': () =>
        fakeResponse(200, { authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth?state=s' }),
    });
    const region = await card();
    expect(
      (within(region).getByLabelText('OAuth client secret', { exact: false }) as HTMLInputElement).value,
    ).toBe(SECRET_MASK);
    fireEvent.click(within(region).getByRole('checkbox', { name: /^Revenue/ }));
    fireEvent.click(await within(region).findByRole('button', { name: 'Connect Google account' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?state=s'),
    );
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/admin/google-account/connect')!;
    expect([init?.method, init?.body]).toEqual(['POST', JSON.stringify({ revenue: true })]);
  });

  it('says which channel is connected with which access, and Disconnect revokes it', async () => {
    const at = '2026-11-20T10:00:00.000Z';
    let status = googleAccount({
      clientConfigured: true,
      state: 'connected',
      channel: CHANNEL,
      scopes: [GOOGLE_SCOPES.analytics, GOOGLE_SCOPES.youtube],
      connectedAt: at,
      attempt: { ok: true, message: `Connected as “${CHANNEL.title}” (${CHANNEL.id}).`, at },
    });
    const fetch = setup(status, CLIENT, {
      '/api/admin/google-account': (init) => {
        if (init?.method !== 'DELETE') return fakeResponse(200, status);
        status = googleAccount({ clientConfigured: true });
        return fakeResponse(200, {
          revoked: true,
          message: 'Disconnected: Google revoked the site’s access.',
        });
      },
    });
    const region = await card();
    expect((await within(region).findByTestId('google-account-state')).textContent).toBe(
      `Connected as “${CHANNEL.title}” (${CHANNEL.id}) since Nov 20, 2026.` +
        'Read-only access to YouTube Analytics reports and your YouTube account.',
    );
    expect(within(region).getByTestId('google-account-attempt').textContent).toContain(
      'Connected as “Code with Alex”',
    );
    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss' }));
    expect(within(region).queryByTestId('google-account-attempt')).toBeNull();
    expect(within(region).getByRole('button', { name: 'Connect again' })).toBeEnabled();

    fireEvent.click(within(region).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Google account disconnected')).toBeTruthy();
    expect(
      fetch.mock.calls.some(
        ([url, init]) => url === '/api/admin/google-account' && init?.method === 'DELETE',
      ),
    ).toBe(true);
    await waitFor(() =>
      expect(within(region).getByTestId('google-account-state').textContent).toMatch(/^Not connected/),
    );
    expect(within(region).queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });

  it('shows Reconnect needed with Google’s reason, and a failed attempt', async () => {
    setup(
      googleAccount({
        clientConfigured: true,
        state: 'reconnect-needed',
        channel: CHANNEL,
        scopes: [GOOGLE_SCOPES.analytics, GOOGLE_SCOPES.youtube, GOOGLE_SCOPES.revenue],
        revenue: true,
        problem:
          'Google no longer accepts the site’s access (invalid_grant: Token has been expired or revoked.)',
        attempt: {
          ok: false,
          message:
            'The Google account you chose manages the channel “Other” (UCother), not this site’s channel.',
          at: '2026-11-20T10:00:00.000Z',
        },
      }),
    );
    const region = await card();
    expect(await within(region).findByText('Reconnect needed')).toBeTruthy();
    expect(within(region).getByTestId('google-account-problem').textContent).toContain('invalid_grant');
    expect(within(region).getByTestId('google-account-attempt').textContent).toContain(
      'manages the channel “Other”',
    );
    expect(within(region).getByRole('button', { name: 'Reconnect Google account' })).toBeEnabled();
    expect(within(region).getByRole('checkbox', { name: /^Revenue/ })).toBeChecked();
    expect(within(region).getByTestId('google-account-state').textContent).toContain('and revenue');
  });

  it('says the caption permission is not read-only, and what the site does with it', async () => {
    setup(
      googleAccount({
        clientConfigured: true,
        state: 'connected',
        channel: CHANNEL,
        scopes: [GOOGLE_SCOPES.analytics, GOOGLE_SCOPES.youtube, GOOGLE_SCOPES.captions],
      }),
    );
    const region = await card();
    expect((await within(region).findByTestId('google-account-state')).textContent).toContain(
      'Access to YouTube Analytics reports, your YouTube account and caption tracks. YouTube’s caption permission would also allow managing the channel’s videos; the site only reads caption tracks.',
    );
  });
});
