import { settingsDefaults } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { Toaster } from '../../../../components/toaster';
import { renderWithProviders } from '../../../../test/render';
import { SettingsGate } from './settings-gate';
import { SettingColorInput, SettingLanguageSelect, SettingSwitch, SettingTextField } from './setting-fields';

function settingsRoutes(overrides: Record<string, () => Response> = {}) {
  return mockFetch({
    '/api/admin/settings': () => fakeResponse(200, settingsDefaults),
    '/api/settings/siteTitle': () => fakeResponse(200, { key: 'siteTitle', value: 'Saved title' }),
    '/api/settings/enableRSS': () => fakeResponse(200, { key: 'enableRSS', value: false }),
    '/api/settings/primaryColor': () =>
      fakeResponse(400, { statusCode: 400, message: 'primaryColor: must be a colour like #FF0000' }),
    ...overrides,
  });
}

const posts = (fetch: jest.Mock) =>
  fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('setting fields', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => notifications.clean());
    jest.useRealTimers();
  });

  it('a text field saves once, 1 s after the last keystroke', async () => {
    const fetch = settingsRoutes();
    renderWithProviders(
      <SettingsGate scope="settings">
        <SettingTextField settingKey="siteTitle" label="Site title" />
      </SettingsGate>,
    );
    const input = await screen.findByRole('textbox', { name: 'Site title' });
    for (const value of ['S', 'Sa', 'Sav', 'Save', 'Saved title']) {
      fireEvent.change(input, { target: { value } });
      act(() => jest.advanceTimersByTime(300));
    }
    expect(posts(fetch)).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(700));
    expect(posts(fetch)).toHaveLength(1);
    expect(posts(fetch)[0]).toEqual([
      '/api/settings/siteTitle',
      expect.objectContaining({ body: '{"value":"Saved title"}' }),
    ]);
    await act(async () => jest.advanceTimersByTime(2000));
    expect(posts(fetch)).toHaveLength(1);
  });

  it('a text field saves at once on blur, and the debounce does not save it again', async () => {
    const fetch = settingsRoutes();
    renderWithProviders(
      <SettingsGate scope="settings">
        <SettingTextField settingKey="siteTitle" label="Site title" />
      </SettingsGate>,
    );
    const input = await screen.findByRole('textbox', { name: 'Site title' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Saved title' } });
    await act(async () => fireEvent.blur(input));
    expect(posts(fetch)).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(2000));
    expect(posts(fetch)).toHaveLength(1);
  });

  it('a pending change is saved when the field goes away (another subtab opened within 1 s)', async () => {
    const fetch = settingsRoutes();
    const { unmount } = renderWithProviders(
      <SettingsGate scope="settings">
        <SettingTextField settingKey="siteTitle" label="Site title" />
      </SettingsGate>,
    );
    const input = await screen.findByRole('textbox', { name: 'Site title' });
    fireEvent.change(input, { target: { value: 'Saved title' } });
    await act(async () => jest.advanceTimersByTime(300));
    expect(posts(fetch)).toHaveLength(0);
    await act(async () => {
      unmount();
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(posts(fetch)).toHaveLength(1);
  });

  it('a colour is not sent while incomplete, and a refused one goes back to the stored value', async () => {
    const fetch = settingsRoutes();
    renderWithProviders(
      <>
        <Toaster />
        <SettingsGate scope="design">
          <SettingColorInput settingKey="primaryColor" label="Primary color" />
        </SettingsGate>
      </>,
    );
    const input = await screen.findByRole('textbox', { name: 'Primary color' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '#12' } });
    await act(async () => jest.advanceTimersByTime(1500));
    expect(posts(fetch)).toHaveLength(0);
    expect(screen.getByText('Use a colour like #FF0000')).toBeInTheDocument();

    await act(async () => {
      fireEvent.blur(input);
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(posts(fetch)).toHaveLength(1);
    expect(await screen.findByText('Failed to update design settings')).toBeInTheDocument();
    expect(screen.getByText('400: primaryColor: must be a colour like #FF0000')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue(settingsDefaults.primaryColor));
  });

  it('a switch saves on change with the tab’s success toast', async () => {
    const fetch = settingsRoutes();
    renderWithProviders(
      <>
        <Toaster />
        <SettingsGate scope="integration">
          <SettingSwitch settingKey="enableRSS" label="Enable RSS feed" />
        </SettingsGate>
      </>,
    );
    const toggle = await screen.findByRole('switch', { name: 'Enable RSS feed' });
    expect(toggle).toBeChecked();
    await act(async () => {
      fireEvent.click(toggle);
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(toggle).not.toBeChecked();
    expect(posts(fetch)).toEqual([
      ['/api/settings/enableRSS', expect.objectContaining({ method: 'POST', body: '{"value":false}' })],
    ]);
    expect(await screen.findByText('Integration settings updated')).toBeInTheDocument();
  });

  it('the site language offers the six languages by their own names, not the pseudo-locale, and saves on pick', async () => {
    const fetch = settingsRoutes({
      '/api/settings/siteLanguage': () => fakeResponse(200, { key: 'siteLanguage', value: 'ja' }),
    });
    renderWithProviders(
      <SettingsGate scope="design">
        <SettingLanguageSelect label="Site language" />
      </SettingsGate>,
    );
    const select = await screen.findByRole('combobox', { name: 'Site language' });
    expect(select).toHaveValue('English');
    fireEvent.click(select);
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['English', 'Español', 'Português (Brasil)', 'Français', 'Deutsch', '日本語']);
    fireEvent.click(screen.getByRole('option', { name: '日本語', hidden: true }));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0]).toEqual([
      '/api/settings/siteLanguage',
      expect.objectContaining({ body: '{"value":"ja"}' }),
    ]);
  });
});
