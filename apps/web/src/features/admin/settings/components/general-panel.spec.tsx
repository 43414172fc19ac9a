import { maxLengthOf, settingsDefaults, settingValueSchema } from '@app/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { SettingsGate } from '../../shared/components/settings-gate';
import { GeneralPanel } from './general-panel';

const saves = (fetch: jest.Mock) =>
  fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('the General panel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('the channel field saves only a whole channel while typing (issue 24)', async () => {
    const fetch = mockFetch({
      '/api/admin/settings': () => fakeResponse(200, settingsDefaults),
      '/api/settings/channelId': () =>
        fakeResponse(200, { key: 'channelId', value: 'UC_x5XG1OV2P6uZZ5FSM9Ttw' }),
    });
    renderWithProviders(
      <SettingsGate scope="settings">
        <GeneralPanel />
      </SettingsGate>,
    );
    const input = await screen.findByRole('textbox', { name: 'YouTube channel ID' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'https://www.youtube.com/chan' } });
    await act(async () => jest.advanceTimersByTime(1500));
    expect(saves(fetch)).toHaveLength(0);
    fireEvent.change(input, {
      target: { value: 'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw' },
    });
    await act(async () => jest.advanceTimersByTime(1500));
    expect(saves(fetch).map(([url]) => url)).toEqual(['/api/settings/channelId']);
  });

  it('each text field holds as many characters as its setting’s schema takes', async () => {
    mockFetch({ '/api/admin/settings': () => fakeResponse(200, settingsDefaults) });
    renderWithProviders(
      <SettingsGate scope="settings">
        <GeneralPanel />
      </SettingsGate>,
    );
    const title = await screen.findByRole('textbox', { name: 'Site title' });
    expect(title.getAttribute('maxlength')).toBe(String(maxLengthOf(settingValueSchema('siteTitle'))));
    expect(title.getAttribute('maxlength')).toBe('100');
    const description = screen.getByRole('textbox', { name: 'Site description' });
    expect(description.getAttribute('maxlength')).toBe('500');
  });
});
