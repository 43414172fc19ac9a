import { type AnalyticsReport, analyticsReportSchema, trafficSources } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import type { AnalyticsRange } from '../../shared/lib/admin-location';
import { AnalyticsTab, NOTHING_YET } from './analytics-tab';

/** A report as the API answers it (parsed with the contract, so the fixture cannot drift from it). */
function report(overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  const zero = { impressions: 0, clicks: 0 };
  return analyticsReportSchema.parse({
    range: '30d',
    from: '2026-02-28',
    to: '2026-03-29',
    bucket: 'day',
    enabled: true,
    demo: false,
    totals: { views: 0, visitors: 0, plays: 0, pagesPerVisit: 0 },
    series: [],
    sources: trafficSources.map((source) => ({ source, visits: 0 })),
    referrers: [],
    campaigns: [],
    topVideos: [],
    topPages: [],
    conversions: {
      subscribeClicks: 0,
      communityClicks: 0,
      affiliateClicks: 0,
      sponsorClicks: 0,
      playlistOpens: 0,
      affiliateByProgram: [],
    },
    hero: { A: zero, B: zero, test: { enoughData: false, pValue: null, significant: false, leader: null } },
    searches: { total: 0, empty: 0, top: [], notFound: [] },
    monthlyViews: 0,
    floodDays: [],
    ...overrides,
  });
}

const busy = report({
  totals: { views: 1234, visitors: 800, plays: 56, pagesPerVisit: 1.54 },
  series: [
    { date: '2026-03-28', views: 600, visitors: 400, plays: 20, subscribeClicks: 3, affiliateClicks: 1 },
    { date: '2026-03-29', views: 634, visitors: 400, plays: 36, subscribeClicks: 4, affiliateClicks: 2 },
  ],
  sources: trafficSources.map((source) => ({ source, visits: source === 'search' ? 300 : 100 })),
  referrers: [{ host: 'www.google.com', source: 'search', visits: 300 }],
  campaigns: [{ source: 'newsletter', medium: 'email', campaign: 'spring', visits: 42 }],
  topVideos: [
    {
      videoId: 'abc',
      title: 'Docker for Web Developers',
      plays: 40,
      reached: { 25: 30, 50: 20, 75: 12, 100: 10 },
    },
    { videoId: 'gone', title: null, plays: 16, reached: { 25: 0, 50: 0, 75: 0, 100: 0 } },
  ],
  topPages: [{ path: '/', views: 1234 }],
  conversions: {
    subscribeClicks: 7,
    communityClicks: 5,
    affiliateClicks: 3,
    sponsorClicks: 0,
    playlistOpens: 9,
    affiliateByProgram: [],
  },
  hero: {
    A: { impressions: 1000, clicks: 50 },
    B: { impressions: 1000, clicks: 90 },
    test: { enoughData: true, pValue: 0.0004, significant: true, leader: 'B' },
  },
  searches: {
    total: 40,
    empty: 10,
    top: [
      { query: 'docker compose', searches: 12 },
      { query: '東京', searches: 5 },
    ],
    notFound: [{ query: 'kubernetes', searches: 7 }],
  },
  monthlyViews: 1234,
});

function renderTab(
  answer: AnalyticsReport,
  {
    sub = 'performance',
    range = '30d',
    newsletter = () =>
      fakeResponse(200, {
        subscribers: 12,
        pendingConfirmation: 0,
        pendingSync: 0,
        provider: 'local',
        optIn: 'none',
      }),
  }: {
    sub?: string;
    range?: AnalyticsRange;
    newsletter?: () => Response;
  } = {},
) {
  const fetch = mockFetch({
    [`/api/admin/analytics?range=${range}`]: () => fakeResponse(200, answer),
    '/api/admin/newsletter/summary': newsletter,
  });
  renderWithProviders(
    <AnalyticsTab sub={sub} range={range} onSubChange={() => undefined} onRangeChange={() => undefined} />,
  );
  return fetch;
}

const stat = (label: string) => screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent;

describe('AnalyticsTab', () => {
  it('asks for the chosen range and shows the performance totals', async () => {
    const fetch = renderTab(busy, { range: '7d' });
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/admin/analytics?range=7d', expect.anything());
    expect(stat('Views')).toBe('1,234');
    expect(stat('Visitors')).toBe('800');
    expect(stat('Plays')).toBe('56');
    expect(stat('Pages per visit')).toBe('1.54');
    expect(screen.queryByText(NOTHING_YET)).not.toBeInTheDocument();
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '30d' })).toBeInTheDocument();
  });

  it('lists sources, referrers and campaigns', async () => {
    renderTab(busy, { sub: 'traffic' });
    const sources = await screen.findByRole('region', { name: 'Traffic sources' });
    const search = within(sources).getByText('Search engines').closest('tr')!;
    expect(search).toHaveTextContent('300');
    expect(search).toHaveTextContent('37.5%');
    expect(screen.getByRole('region', { name: 'Referrers' })).toHaveTextContent('www.google.com300');
    expect(screen.getByRole('region', { name: 'Campaigns' })).toHaveTextContent('springnewsletter / email42');
  });

  it('ranks videos by plays with how far those plays got, naming a video no longer stored', async () => {
    renderTab(busy, { sub: 'content' });
    const rows = await screen.findAllByTestId('top-video');
    expect(rows.map((row) => row.textContent)).toEqual([
      '1Docker for Web Developers4075.0%50.0%30.0%25.0%',
      '2gone (no longer on the site)160.0%0.0%0.0%0.0%',
    ]);
    expect(screen.getByRole('region', { name: 'Top pages' })).toHaveTextContent('/1,234');
  });

  it('lists what visitors searched for, and apart what found nothing', async () => {
    renderTab(busy, { sub: 'content' });
    const searches = await screen.findByRole('region', { name: 'Searches' });
    expect(searches).toHaveTextContent('40 searches, 25.0% found nothing');
    const top = within(searches).getByRole('table', { name: 'Top searches' });
    expect(
      within(top)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Top searchesSearches', 'docker compose12', '東京5']);
    const none = within(searches).getByRole('table', { name: 'Searches that found nothing' });
    expect(none).toHaveTextContent('kubernetes7');
  });

  it('compares the hero headlines and shows the goals from measured numbers', async () => {
    renderTab(busy, { sub: 'conversions' });
    expect(await screen.findByTestId('hero-A')).toHaveTextContent('A1,000505.0%');
    expect(screen.getByTestId('hero-B')).toHaveTextContent('B1,000909.0%');
    expect(screen.getByTestId('hero-verdict')).toHaveTextContent(
      'Headline B gets more clicks (significant, p < 0.001)',
    );
    expect(await screen.findByText('12 / 100')).toBeInTheDocument();
    expect(screen.getByText('1,234 / 500,000')).toBeInTheDocument();
    expect(stat('Subscribe clicks')).toBe('7');
    expect(stat('Community clicks')).toBe('5');
    expect(stat('Affiliate clicks')).toBe('3');
    expect(stat('Playlist opens')).toBe('9');
  });

  it('says "Not enough data yet" for a young test, and "—" when the newsletter count fails', async () => {
    renderTab(
      report({
        hero: { ...busy.hero, test: { enoughData: false, pValue: null, significant: false, leader: null } },
      }),
      {
        sub: 'conversions',
        newsletter: () => fakeResponse(500, { statusCode: 500, message: 'Internal server error' }),
      },
    );
    expect(await screen.findByTestId('hero-verdict')).toHaveTextContent('Not enough data yet');
    expect(await screen.findByText('— / 100')).toBeInTheDocument();
    expect(
      screen.getByText(/The subscriber count could not be loaded \(500: Internal server error\)/),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
  });

  it.each(['performance', 'traffic', 'content'])('says nothing has been recorded yet on %s', async (sub) => {
    renderTab(report(), { sub });
    expect((await screen.findAllByText(NOTHING_YET)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('marks the demo history and says when site analytics is off', async () => {
    renderTab(report({ demo: true, enabled: false }));
    expect(await screen.findByText('Demo data')).toBeInTheDocument();
    expect(screen.getByText('Site analytics is off')).toBeInTheDocument();
  });

  it('warns of a suspected flood day and leaves it out of the reports with its switch', async () => {
    const flood = {
      day: '2026-03-28',
      visitors: 10_000,
      networkVisitors: 6_000,
      capped: true,
      suspected: true,
      excluded: false,
    };
    const fetch = renderTab(report({ floodDays: [flood] }));
    const row = await screen.findByTestId('flood-day');
    expect(screen.getByText('Suspected flood')).toBeInTheDocument();
    expect(row).toHaveTextContent(
      'Looks like a flood: 6,000 of its 10,000 visitors came from one network, and it reached the daily cap of visitors',
    );
    fetch.mockImplementationOnce(async () => fakeResponse(200, { day: flood.day, excluded: true }));
    await userEvent.click(within(row).getByRole('switch', { name: /out of the reports/ }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/analytics/days/2026-03-28',
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ excluded: true }) }),
      ),
    );
  });

  it('shows an excluded day as left out, with its switch on', async () => {
    renderTab(
      report({
        floodDays: [
          {
            day: '2026-03-28',
            visitors: 80,
            networkVisitors: 60,
            capped: false,
            suspected: true,
            excluded: true,
          },
        ],
      }),
    );
    const row = await screen.findByTestId('flood-day');
    expect(row).toHaveTextContent('Left out of every figure.');
    expect(within(row).getByRole('switch')).toBeChecked();
  });

  it('says so when the report cannot be loaded', async () => {
    mockFetch({});
    renderWithProviders(
      <AnalyticsTab
        sub="performance"
        range="30d"
        onSubChange={() => undefined}
        onRangeChange={() => undefined}
      />,
    );
    expect(await screen.findByText('Analytics could not be loaded')).toBeInTheDocument();
  });
});
