import type { LiveState, LiveStream } from '@app/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { formatScheduledStart } from '../../../lib/format';
import { LIVE_IDLE_POLL_MS, LIVE_POLL_MS } from '../api/get-live-state';
import { LiveBanner } from './live-banner';
import { siteImage } from '../../../test/site-image';

const stream = (id: string, state: LiveStream['state'], extra: Partial<LiveStream> = {}): LiveStream => ({
  id,
  title: `Stream ${id}`,
  thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
  image: siteImage(id),
  state,
  scheduledStartTime: null,
  actualStartTime: null,
  ...extra,
});

describe('LiveBanner', () => {
  it('shows nothing while nothing is live or scheduled, or when the call fails', async () => {
    const fetch = mockFetch({ '/api/live': () => fakeResponse(200, { live: null, upcoming: null }) });
    const shown = () => document.querySelector('[data-testid=live-banner], [data-testid=upcoming-card]');
    const first = renderWithProviders(<LiveBanner />);
    await act(async () => undefined);
    expect(fetch).toHaveBeenCalledWith('/api/live', expect.anything());
    expect(shown()).toBeNull();
    first.unmount();
    mockFetch({ '/api/live': () => fakeResponse(500, 'down') });
    renderWithProviders(<LiveBanner />);
    await act(async () => undefined);
    expect(shown()).toBeNull();
  });

  it('shows the live stream as a facade and plays the nocookie embed only on Watch', async () => {
    mockFetch({
      '/api/live': () => fakeResponse(200, { live: stream('abcLIVE0001', 'live'), upcoming: null }),
    });
    renderWithProviders(<LiveBanner />);
    expect(await screen.findByText('Live now')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Stream abcLIVE0001' })).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    const jsonLd = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd).toMatchObject({
      '@type': 'VideoObject',
      name: 'Stream abcLIVE0001',
      publication: { '@type': 'BroadcastEvent', isLiveBroadcast: true },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Watch' }));
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/abcLIVE0001\?autoplay=1/,
    );
  });

  it('goes by itself when the stream ends (asked again when the tab comes back, and every minute)', async () => {
    let state: LiveState = { live: stream('abcLIVE0002', 'live'), upcoming: null };
    mockFetch({ '/api/live': () => fakeResponse(200, state) });
    renderWithProviders(<LiveBanner />);
    expect(await screen.findByTestId('live-banner')).toBeInTheDocument();
    state = { live: null, upcoming: null };
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.queryByTestId('live-banner')).toBeNull());
    focusManager.setFocused(undefined);
  });

  it('shows a start in another year with its year', async () => {
    const iso = '2025-04-09T05:45:00.000Z';
    mockFetch({
      '/api/live': () =>
        fakeResponse(200, {
          live: null,
          upcoming: stream('abcNEXT0003', 'upcoming', { scheduledStartTime: iso }),
        }),
    });
    renderWithProviders(<LiveBanner />);
    expect(await screen.findByText('Upcoming')).toBeInTheDocument();
    expect(document.querySelector('time')!.textContent).toContain('2025');
  });

  it('shows the upcoming stream with its start in the visitor’s time zone', async () => {
    const state: LiveState = {
      live: null,
      upcoming: stream('abcNEXT0001', 'upcoming', { scheduledStartTime: '2030-05-01T18:00:00.000Z' }),
    };
    mockFetch({ '/api/live': () => fakeResponse(200, state) });
    renderWithProviders(<LiveBanner />);
    expect(await screen.findByText('Upcoming')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stream abcNEXT0001' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=abcNEXT0001',
    );
    const time = document.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', '2030-05-01T18:00:00.000Z');
    expect(time.textContent).toBe(formatScheduledStart('2030-05-01T18:00:00.000Z'));
  });
});

describe('LiveBanner on a page left open', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Moves the clock on, then lets the answer land (react-query notifies on a timer of its own). */
  const wait = (ms: number) =>
    act(async () => {
      await jest.advanceTimersByTimeAsync(ms);
      await jest.advanceTimersByTimeAsync(0);
    });

  it('shows a stream that starts later: asks every 5 minutes while nothing is live, every minute while it is', async () => {
    let state: LiveState = { live: null, upcoming: null };
    const fetch = mockFetch({ '/api/live': () => fakeResponse(200, state) });
    const calls = () => fetch.mock.calls.filter(([url]) => url === '/api/live').length;
    renderWithProviders(<LiveBanner />);
    await wait(0);
    expect(calls()).toBe(1);
    expect(screen.queryByTestId('live-banner')).toBeNull();

    // Nothing live: not every minute, but every 5 minutes (the default interval of the API's live check).
    expect(LIVE_IDLE_POLL_MS).toBe(5 * 60_000);
    await wait(LIVE_POLL_MS);
    expect(calls()).toBe(1);
    state = { live: stream('abcLIVE0003', 'live'), upcoming: null };
    await wait(LIVE_IDLE_POLL_MS - LIVE_POLL_MS);
    expect(calls()).toBe(2);
    expect(await screen.findByTestId('live-banner')).toBeInTheDocument();

    // Live: every minute, so the banner goes soon after the stream ends.
    state = { live: null, upcoming: null };
    await wait(LIVE_POLL_MS);
    expect(calls()).toBe(3);
    expect(screen.queryByTestId('live-banner')).toBeNull();
    // And back to every 5 minutes.
    await wait(LIVE_POLL_MS);
    expect(calls()).toBe(3);
    await wait(LIVE_IDLE_POLL_MS - LIVE_POLL_MS);
    expect(calls()).toBe(4);
  });

  it('keeps asking every 5 minutes after a failed call', async () => {
    let status = 500;
    const fetch = mockFetch({
      '/api/live': () =>
        status === 200
          ? fakeResponse(200, { live: null, upcoming: stream('abcNEXT0002', 'upcoming') })
          : fakeResponse(status, 'down'),
    });
    renderWithProviders(<LiveBanner />);
    await wait(0);
    const calls = () => fetch.mock.calls.filter(([url]) => url === '/api/live').length;
    const failed = calls();
    expect(screen.queryByTestId('upcoming-card')).toBeNull();
    status = 200;
    await wait(LIVE_IDLE_POLL_MS);
    expect(calls()).toBe(failed + 1);
    expect(await screen.findByTestId('upcoming-card')).toBeInTheDocument();
  });
});

describe('formatScheduledStart', () => {
  const now = '2030-02-10T12:00:00.000Z';

  it('writes the date in the given time zone, with its name', () => {
    const iso = '2030-05-01T18:00:00.000Z';
    expect(formatScheduledStart(iso, { locale: 'en-US', timeZone: 'Europe/Berlin', now })).toBe(
      'Wednesday, May 1 at 8:00 PM GMT+2',
    );
    expect(formatScheduledStart(iso, { locale: 'en-US', timeZone: 'America/New_York', now })).toBe(
      'Wednesday, May 1 at 2:00 PM EDT',
    );
  });

  it('writes the year when it is not this year, there, in the visitor’s language (issue 45)', () => {
    expect(formatScheduledStart('2025-04-09T05:45:00.000Z', { locale: 'en-US', timeZone: 'UTC', now })).toBe(
      'Wednesday, April 9, 2025 at 5:45 AM UTC',
    );
    expect(formatScheduledStart('2031-01-03T18:00:00.000Z', { locale: 'de-DE', timeZone: 'UTC', now })).toBe(
      'Freitag, 3. Januar 2031 um 18:00 UTC',
    );
    // New Year's Eve in London is already next year in Tokyo.
    const eve = '2029-12-31T20:00:00.000Z';
    const newYear = '2030-01-01T00:30:00.000Z';
    expect(formatScheduledStart(eve, { locale: 'en-US', timeZone: 'Europe/London', now: newYear })).toBe(
      'Monday, December 31, 2029 at 8:00 PM GMT',
    );
    expect(formatScheduledStart(eve, { locale: 'en-US', timeZone: 'Asia/Tokyo', now: newYear })).toBe(
      'Tuesday, January 1 at 5:00 AM GMT+9',
    );
  });
});
