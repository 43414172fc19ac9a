// The server's rendering of the standalone documents (entry-server.tsx `renderDocument`): a sponsor report and the
// media kit, in the site's language, every figure with its source and time or why it is missing.
import type { MediaKit } from '@app/contracts/media-kit';
import type { PageModel } from '@app/contracts/page-model';
import { NO_PAGE_POLICY_SOURCES } from '@app/contracts/page-policy';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import type { SponsorReport } from '@app/contracts/sponsor-reports';
import { renderDocument } from '../../entry-server';

const TOKEN = `12.${'a'.repeat(43)}`;
const base = {
  version: '1',
  head: '',
  policy: NO_PAGE_POLICY_SOURCES,
  cache: { shared: true, cacheControl: 'no-cache' },
} as const;
const READ = '2026-05-02T03:04:00.000Z';
const yt = <T,>(value: T) => ({
  available: true as const,
  value,
  source: 'youtube-analytics' as const,
  readAt: READ,
});

const report: SponsorReport = {
  sponsorName: 'Acme <Tools>',
  sponsorUrl: 'https://acme.example/desk?ref=chan',
  startDate: '2026-04-01',
  endDate: '2026-04-30',
  siteName: 'My Channel',
  generatedAt: '2026-05-02T10:00:00.000Z',
  videos: [
    {
      videoId: 'vid00000001',
      title: 'The sponsored video',
      publishedAt: '2026-04-10T15:00:00.000Z',
      viewsAt: {
        day7: yt(1200),
        day14: yt(2500),
        day30: { available: false, gap: 'not-yet', availableOn: '2026-05-11' },
      },
      views: yt(2600),
      watchHours: yt(123.45),
      averageViewPercentage: yt(47.25),
      retention: yt([
        { elapsed: 0.01, watchRatio: 1.1 },
        { elapsed: 0.5, watchRatio: 0.6 },
        { elapsed: 1, watchRatio: 0.2 },
      ]),
      topCountries: yt([
        { country: 'US', views: 1500 },
        { country: 'ZZ', views: 500 },
      ]),
    },
  ],
  clicks: { available: true, value: 42, source: 'site-analytics', readAt: '2026-05-02T10:00:00.000Z' },
  clicksFrom: '2026-04-01',
  clicksTo: '2026-05-02',
};

const reportModel = (language: string, status: 200 | 404 | 410 = 200): PageModel => ({
  ...base,
  settings: { ...PUBLIC_SETTINGS_DEFAULTS, siteLanguage: language as never },
  path: `/sponsor-reports/${TOKEN}`,
  kind: 'sponsor-report',
  status,
  data: { report: status === 200 ? report : null },
});

const missing = { available: false as const, gap: 'not-connected' as const, availableOn: null };
const kit = (preview: boolean): MediaKit => ({
  preview,
  generatedAt: READ,
  channel: { title: 'My Channel', handle: '@mychannel', url: 'https://www.youtube.com/@mychannel' },
  subscribers: { available: true, value: 12345, source: 'youtube-public', readAt: READ },
  period: null,
  views30d: missing,
  averageViews: {
    available: true,
    value: { average: 5000, videos: 10 },
    source: 'youtube-public',
    readAt: READ,
  },
  topCountries: missing,
  ageGender: missing,
  engagement: missing,
});
const kitModel = (preview: boolean): PageModel => ({
  ...base,
  settings: PUBLIC_SETTINGS_DEFAULTS,
  path: '/media-kit',
  kind: 'media-kit',
  status: 200,
  data: kit(preview),
});

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('renderDocument: the standalone documents', () => {
  it('renders a report in English: every figure with where and when it was read, the day-30 gap with its day', async () => {
    const rendered = (await renderDocument(reportModel('en')))!;
    expect(rendered.status).toBe(200);
    expect(rendered.noindex).toBe(true);
    expect(rendered.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(rendered.html).not.toMatch(/<script|<link rel="stylesheet"|https:\/\/fonts/);
    const doc = parse(rendered.html);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(doc.title).toBe('Acme <Tools>: sponsor report - My Channel');
    expect(doc.querySelector('h1')?.textContent).toBe('Acme <Tools>');
    const figures = [...doc.querySelectorAll('.figure')].map((f) => f.textContent);
    expect(figures).toEqual([
      'Clicks on the sponsor link on this site42From Apr 1, 2026 to May 2, 2026This site’s own analytics, counted May 2, 2026, 10:00 AM UTC',
      'Views by day 71,200YouTube Analytics, read May 2, 2026, 3:04 AM UTC',
      'Views by day 142,500YouTube Analytics, read May 2, 2026, 3:04 AM UTC',
      'Views by day 30Not available yet: expected from May 11, 2026.',
      'Views since publishing2,600YouTube Analytics, read May 2, 2026, 3:04 AM UTC',
      'Watch time123.5 hoursYouTube Analytics, read May 2, 2026, 3:04 AM UTC',
      'Average percentage viewed47.3 %YouTube Analytics, read May 2, 2026, 3:04 AM UTC',
    ]);
    // The retention curve, drawn on the server, with the y axis up to 125 % (a rewatched start).
    const svg = doc.querySelector('svg.retention')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('Audience retention: 110 % → 20 %');
    expect(svg.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toContain('125 %');
    const rows = [...doc.querySelectorAll('tbody tr')].map((r) => r.textContent);
    // Each country's share of all the video's views (2,600), not of the listed countries'.
    expect(rows).toEqual(['United States1,50057.7 %', 'Unknown region50019.2 %']);
    expect(doc.querySelector('a[download]')?.getAttribute('href')).toBe(
      `/api/sponsor-reports/${TOKEN}/report.csv`,
    );
    const sponsor = doc.querySelector('a[href^="https://acme.example"]')!;
    expect(sponsor.getAttribute('rel')).toBe('nofollow noopener noreferrer');
  });

  it('renders it in the site’s language (French), print rules included', async () => {
    const rendered = (await renderDocument(reportModel('fr')))!;
    const doc = parse(rendered.html);
    expect(doc.documentElement.lang).toBe('fr');
    expect(doc.querySelector('.missing')?.textContent).toBe(
      'Pas encore disponible : attendu à partir du 11 mai 2026.',
    );
    expect(doc.querySelector('.source')?.textContent).toMatch(
      /^Statistiques propres à ce site, comptées le 2 mai 2026/,
    );
    expect(doc.querySelector('style')?.textContent).toContain('@media print');
  });

  it('answers a revoked link and a link that is none with their short pages', async () => {
    const gone = (await renderDocument(reportModel('en', 410)))!;
    expect(gone.status).toBe(410);
    expect(parse(gone.html).querySelector('h1')?.textContent).toBe('This report link was revoked');
    const none = (await renderDocument(reportModel('de', 404)))!;
    expect(none.status).toBe(404);
    expect(parse(none.html).querySelector('h1')?.textContent).toBe(
      'Unter diesem Link gibt es keinen Bericht',
    );
  });

  it('renders the media kit, indexable once public; its preview says so and is noindex', async () => {
    const live = (await renderDocument(kitModel(false)))!;
    expect(live.noindex).toBe(false);
    const doc = parse(live.html);
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
    expect(doc.querySelector('.notice')).toBeNull();
    const figures = [...doc.querySelectorAll('.figure')].map((f) => f.textContent);
    expect(figures).toEqual([
      'Subscribers12,345YouTube public count, read May 2, 2026, 3:04 AM UTC',
      'Views, last 30 daysNot available: YouTube Analytics is not connected.',
      'Average views per video5,000The last 10 videos, Shorts and live streams left outYouTube public count, read May 2, 2026, 3:04 AM UTC',
      'Engagement rateNot available: YouTube Analytics is not connected.',
    ]);
    const preview = (await renderDocument(kitModel(true)))!;
    expect(preview.noindex).toBe(true);
    expect(parse(preview.html).querySelector('.notice')?.textContent).toMatch(
      /^Preview: this media kit is not public/,
    );
  });

  it('renders nothing for the other kinds of page', async () => {
    expect(
      await renderDocument({
        ...base,
        settings: PUBLIC_SETTINGS_DEFAULTS,
        path: '/x',
        kind: 'not-found',
        status: 404,
        data: null,
      }),
    ).toBeNull();
  });
});
