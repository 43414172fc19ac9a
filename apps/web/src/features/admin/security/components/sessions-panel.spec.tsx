import { apiPaths, type AdminSessions } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { SessionsPanel } from './sessions-panel';

const SESSIONS: AdminSessions = {
  sessions: [
    {
      id: 'a'.repeat(32),
      device: 'Chrome 131 on macOS',
      ipPrefix: '203.0.113.0/24',
      signedInAt: '2026-11-27T10:00:00.000Z',
      lastSeenAt: '2026-11-27T11:00:00.000Z',
      current: true,
    },
    {
      id: 'b'.repeat(32),
      device: 'Firefox 128 on Linux',
      ipPrefix: '198.51.100.0/24',
      signedInAt: '2026-11-27T09:00:00.000Z',
      lastSeenAt: '2026-11-27T09:30:00.000Z',
      current: false,
    },
  ],
};

describe('the signed-in sessions panel', () => {
  it('says it is loading, then lists each session as an item of the "Sessions" list', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch({ [apiPaths.sessions]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<SessionsPanel />);
    // No empty labelled box while the list loads (axe: aria-prohibited-attr, seen in a browser test's scan).
    expect(await screen.findByRole('status', { name: 'Loading sessions' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Sessions')).toBeNull();

    answer(fakeResponse(200, SESSIONS));
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Chrome 131 on macOS (this session)',
      'Firefox 128 on Linux',
    ]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
