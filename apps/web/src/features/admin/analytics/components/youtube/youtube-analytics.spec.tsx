import type { YoutubeAnalyticsStatus } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '../../../../../components/toaster';
import { fakeResponse, type FetchRoutes, mockFetch } from '../../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../../test/render';
import {
  audienceReport,
  contentReport,
  overviewReport,
  revenueReport,
  unavailable,
  youtubeStatus,
} from '../../../../../test/youtube-analytics';
import { AnalyticsTab } from '../analytics-tab';

const CARD_LINK = '/admin?tab=integrations&sub=overview&field=google-account';
const STATUS = '/api/admin/youtube-analytics/status';
const report = (kind: string) => `/api/admin/youtube-analytics/${kind}?range=30d`;

/** The Analytics tab on a YouTube subtab, the API answering `routes` (a connected channel with figures by default). */
function renderYoutube(
  sub: string,
  status: YoutubeAnalyticsStatus = youtubeStatus(),
  routes: FetchRoutes = {},
) {
  const onSubChange = jest.fn();
  const fetch = mockFetch({
    [STATUS]: () => fakeResponse(200, status),
    [report('overview')]: () => fakeResponse(200, overviewReport()),
    [report('content')]: () => fakeResponse(200, contentReport()),
    [report('audience')]: () => fakeResponse(200, audienceReport()),
    [report('revenue')]: () => fakeResponse(200, revenueReport()),
    ...routes,
  });
  renderWithProviders(
    <MemoryRouter>
      <Toaster />
      <AnalyticsTab sub={sub} range="30d" onSubChange={onSubChange} onRangeChange={() => undefined} />
    </MemoryRouter>,
  );
  return { fetch, onSubChange };
}

const stat = (label: string) => screen.getByRole('group', { name: label }).textContent;
const asked = (fetch: jest.Mock, path: string) => fetch.mock.calls.filter(([url]) => url === path).length;

describe('Analytics → YouTube', () => {
  afterEach(() => act(() => notifications.clean()));

  it('sits beside This site: the Source switch opens the counterpart subtab', async () => {
    const { onSubChange } = renderYoutube('youtube-audience');
    const source = screen.getByRole('radiogroup', { name: 'Source' });
    expect(within(source).getByRole('radio', { name: 'YouTube' })).toBeChecked();
    await userEvent.click(within(source).getByText('This site'));
    expect(onSubChange).toHaveBeenCalledWith('traffic');
    expect(screen.getByRole('radiogroup', { name: 'Date range' })).toBeInTheDocument();
  });

  it('says when the Google account is not connected, links to its card, and shows no figure', async () => {
    const { fetch } = renderYoutube(
      'youtube-overview',
      youtubeStatus({
        connection: 'not-connected',
        revenue: null,
        firstImport: null,
        lastFetchedAt: null,
        storedFrom: null,
        storedTo: null,
        nextFetchAt: null,
        queries: { today: 0, dailyLimit: 2000 },
      }),
    );
    const notice = await screen.findByRole('region', { name: 'YouTube Analytics is not connected' });
    expect(within(notice).getByRole('link', { name: 'Connect in Integrations → Overview' })).toHaveAttribute(
      'href',
      CARD_LINK,
    );
    expect(screen.queryByRole('tablist', { name: 'YouTube Analytics sections' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([STATUS]);
  });

  it('shows the first import’s progress while no day of the range is stored', async () => {
    renderYoutube(
      'youtube-overview',
      youtubeStatus({
        running: true,
        firstImport: { daysDone: 120, daysTotal: 365, running: true, done: false },
        lastFetchedAt: null,
      }),
      {
        [report('overview')]: () =>
          fakeResponse(200, unavailable('importing', 'The first import has not reached these days yet.')),
      },
    );
    expect(await screen.findByText('The first import has not reached these days yet.')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Days read from YouTube: 120 of 365 days' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('youtube-status')).toHaveTextContent(
      'Reading from YouTube for the first time…',
    );
    expect(screen.queryByRole('group', { name: 'Views' })).not.toBeInTheDocument();
  });

  it('Overview: the totals, the charts, the queries counted today and when the figures were read', async () => {
    renderYoutube('youtube-overview');
    expect(await screen.findByRole('group', { name: 'Views' })).toHaveTextContent('12,345');
    expect(stat('Watch hours')).toBe('Watch hours1,234.5');
    expect(stat('Average view duration')).toBe('Average view duration4:05');
    expect(stat('Average percentage viewed')).toBe('Average percentage viewed42.5%');
    expect(stat('Subscribers')).toBe('Subscribers+120130 gained, 10 lost');
    expect(stat('Shares')).toBe('Shares30');
    expect(
      screen.getByRole('img', {
        name: /^Chart of YouTube views and watch hours per day, last 30 days: 12,345 views/,
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/YouTube has no figures for 1 day of the range: it counts as zero\./),
    ).toBeInTheDocument();
    const line = screen.getByTestId('youtube-status');
    expect(line).toHaveTextContent(/Figures last read from YouTube .*2026/);
    expect(line).toHaveTextContent('14 of 2,000 queries to YouTube Analytics today.');
    expect(line).toHaveTextContent('Days stored: Mar 28, 2025 – Mar 27, 2026.');
  });

  it('Content: each video’s YouTube figures beside the site’s plays and watch page views', async () => {
    renderYoutube('youtube-content');
    const rows = await screen.findAllByTestId('youtube-video');
    expect(rows.map((row) => row.textContent)).toEqual([
      '1Docker for Web Developers9,000800.351.2%40120',
      '2gone (not on the site)3,345434.320.0%00',
    ]);
    expect(
      screen.getByRole('img', { name: /^Chart of the YouTube views of the top 2 videos/ }),
    ).toBeInTheDocument();
  });

  it('Audience: views from this site, traffic sources, countries, devices, age and gender', async () => {
    renderYoutube('youtube-audience');
    expect(await screen.findByRole('group', { name: 'Views from example.com' })).toHaveTextContent('1,234');
    expect(stat('Share of all views')).toBe('Share of all views10.0%');
    const text = (id: string) => screen.getAllByTestId(id).map((row) => row.textContent);
    expect(text('youtube-source')).toEqual([
      'YouTube search9,000900.072.9%',
      'External sites3,345334.527.1%',
    ]);
    expect(text('youtube-country')).toEqual(['United States6,000600.094.6%', 'Unknown region34534.55.4%']);
    expect(text('youtube-device')).toEqual(['Mobile phone8,000700.064.8%', 'Computer4,345534.535.2%']);
    expect(text('youtube-age')).toEqual(['18–2415.0%60.0%', '65+0.0%25.0%']);
    expect(
      screen.getByRole('img', { name: /^Chart of YouTube traffic sources, last 30 days$/ }),
    ).toBeInTheDocument();
  });

  it('Revenue: estimated revenue, ad revenue, RPM and CPM when granted', async () => {
    renderYoutube('youtube-revenue');
    expect(await screen.findByRole('group', { name: 'Estimated revenue' })).toHaveTextContent('$123.45');
    expect(stat('Ad revenue')).toBe('Ad revenue$100.50');
    expect(stat('RPM')).toBe('RPM$10.00Revenue per 1,000 views');
    expect(stat('CPM')).toBe('CPM$4.20Ad revenue per 1,000 ad impressions');
    expect(
      screen.getByRole('img', { name: /^Chart of estimated revenue and ad revenue per day/ }),
    ).toBeInTheDocument();
  });

  it('Revenue granted after the first import: the revenue import’s progress, and revenue known from a day', async () => {
    const granted = revenueReport();
    if (!granted.available || granted.revenue.state !== 'granted') throw new Error('a granted report');
    const later = {
      ...granted,
      revenue: {
        ...granted.revenue,
        revenueFrom: '2026-03-27',
        series: [{ ...granted.revenue.series[0], missing: true }, granted.revenue.series[1]],
      },
    };
    renderYoutube(
      'youtube-revenue',
      youtubeStatus({
        running: true,
        revenueImport: { daysDone: 30, daysTotal: 365, running: true, done: false },
      }),
      { [report('revenue')]: () => fakeResponse(200, later) },
    );
    expect(await screen.findByRole('region', { name: 'Estimated revenue on YouTube' })).toHaveTextContent(
      /Revenue is known from Mar 27: the days before it are still being read, and count for nothing here\./,
    );
    expect(
      screen.getByRole('progressbar', { name: 'Revenue days read from YouTube: 30 of 365 days' }),
    ).toBeInTheDocument();
  });

  it('Revenue not granted: says so and how to grant it, with no figure', async () => {
    const how =
      'Revenue was not granted: connect again with “Revenue” ticked to see estimated revenue, RPM and CPM.';
    renderYoutube('youtube-revenue', youtubeStatus({ revenue: 'not-granted' }), {
      [report('revenue')]: () => fakeResponse(200, revenueReport({ state: 'not-granted', message: how })),
    });
    const card = await screen.findByRole('region', { name: 'Revenue is not granted' });
    expect(card).toHaveTextContent(how);
    expect(within(card).getByRole('link', { name: 'Open the YouTube Analytics card' })).toHaveAttribute(
      'href',
      CARD_LINK,
    );
    expect(screen.queryByRole('group', { name: 'Estimated revenue' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Read from YouTube Analytics/)).not.toBeInTheDocument();
  });

  it('Refresh asks the API to read YouTube now, and the figures reload with the status it answers', async () => {
    const { fetch } = renderYoutube('youtube-overview', youtubeStatus(), {
      '/api/admin/youtube-analytics/refresh': () =>
        fakeResponse(202, { started: true, status: youtubeStatus({ running: true }) }),
    });
    await screen.findByRole('group', { name: 'Views' });
    expect(asked(fetch, report('overview'))).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/youtube-analytics/refresh',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await screen.findByText('Refreshing from YouTube')).toBeInTheDocument();
    expect(screen.getByTestId('youtube-status')).toHaveTextContent('Reading from YouTube now…');
    await waitFor(() => expect(asked(fetch, report('overview'))).toBe(2));
  });

  it('keeps the last figures when Google wants a reconnection, and says where to reconnect', async () => {
    const why = 'Reconnect needed: Google refused the stored access (invalid_grant).';
    renderYoutube('youtube-overview', youtubeStatus({ connection: 'reconnect-needed', message: why }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${why} The figures below are the last ones read.`);
    expect(within(alert).getByRole('link', { name: 'Reconnect in Integrations → Overview' })).toHaveAttribute(
      'href',
      CARD_LINK,
    );
    expect(await screen.findByRole('group', { name: 'Views' })).toHaveTextContent('12,345');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  });
});
