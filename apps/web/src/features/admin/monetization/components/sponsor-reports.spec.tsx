import { settingsDefaults, type Sponsorship, type SponsorReportLink } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { SettingsGate } from '../../shared/components/settings-gate';
import { MediaKitCard } from './media-kit-card';
import { SponsorshipsPanel } from './sponsorships-panel';

// Mantine's combobox, modals and the debounced search render slowly in JSDOM while the other projects' tests share
// the cores (npm test): each wait gets 5 s, each test 20 s, instead of failing on a busy machine.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const acme: Sponsorship = {
  id: 1,
  sponsorName: 'Acme',
  url: 'https://acme.example/desk',
  message: '',
  amountUsd: 1000,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  videoIds: ['vid00000001'],
};
const live: SponsorReportLink = {
  id: 5,
  sponsorshipId: 1,
  url: `https://site.example/sponsor-reports/5.${'a'.repeat(43)}`,
  createdAt: '2026-03-02T10:00:00.000Z',
  revokedAt: null,
};
const revoked: SponsorReportLink = {
  ...live,
  id: 4,
  url: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  revokedAt: '2026-03-03T10:00:00.000Z',
};
const video = (id: string, title: string) => ({ id, title, description: null, kind: 'video' });
/** `GET /api/videos`' answer: the list and its `X-Total-Count`. */
const videoList = (...videos: ReturnType<typeof video>[]) =>
  ({
    ...fakeResponse(200, videos),
    headers: new Headers({ 'X-Total-Count': String(videos.length) }),
  }) as Response;

afterEach(() => act(() => notifications.clean()));

describe('Sponsorships: the deal’s videos and its report links', () => {
  it('names the sponsored videos, found by the API’s search, and sends their ids with the deal', async () => {
    const fetch = mockFetch({
      '/api/admin/sponsorships': () => fakeResponse(200, { sponsorships: [] }),
      '/api/videos?sort=recent&limit=20': () => fakeResponse(200, [video('vid00000001', 'Newest video')]),
      '/api/videos?q=desk&sort=recent&limit=20': () =>
        fakeResponse(200, [video('vid00000002', 'My desk setup')]),
    });
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return fakeResponse(201, { id: 9, ...JSON.parse(String(init.body)) });
      if (url === '/api/admin/sponsorships') return fakeResponse(200, { sponsorships: [] });
      if (url === '/api/videos?q=desk&sort=recent&limit=20')
        return videoList(video('vid00000002', 'My desk setup'));
      if (url.startsWith('/api/videos?')) return videoList(video('vid00000001', 'Newest video'));
      if (url === '/api/videos/vid00000002')
        return fakeResponse(200, { ...video('vid00000002', 'My desk setup') });
      return fakeResponse(404, {});
    });
    renderWithProviders(<SponsorshipsPanel />);
    await screen.findByText('No sponsorships recorded yet.');
    const picker = screen.getByRole('combobox', { name: 'Sponsored videos' });
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'desk' } });
    fireEvent.click(await screen.findByRole('option', { name: 'My desk setup', hidden: true }));
    fireEvent.change(screen.getByLabelText('Sponsor name'), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText('Sponsor URL'), { target: { value: 'https://acme.example' } });
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Sponsorship' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body)).videoIds).toEqual(['vid00000002']);
  });

  it('lists a deal’s report links once opened: copies a live one, makes one, revokes one after a confirmation', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    let links = [live, revoked];
    const fetch = mockFetch({
      '/api/admin/sponsorships': () => fakeResponse(200, { sponsorships: [acme] }),
      '/api/videos/vid00000001': () => fakeResponse(200, video('vid00000001', 'The sponsored video')),
      '/api/admin/sponsorships/1/report-links': (init) => {
        if (init?.method === 'POST') {
          const made = { ...live, id: 6, url: `https://site.example/sponsor-reports/6.${'b'.repeat(43)}` };
          links = [made, ...links];
          return fakeResponse(201, made);
        }
        return fakeResponse(200, { links });
      },
      '/api/admin/sponsor-report-links/5': () => {
        links = links.map((l) =>
          l.id === 5 ? { ...l, url: null, revokedAt: '2026-03-04T00:00:00.000Z' } : l,
        );
        return fakeResponse(
          200,
          links.find((l) => l.id === 5),
        );
      },
    });
    renderWithProviders(
      <>
        <Toaster />
        <SponsorshipsPanel />
      </>,
    );
    const videos = await screen.findByTestId('sponsorship-videos');
    await waitFor(() => expect(videos).toHaveTextContent('Videos: The sponsored video'));
    // Nothing asked before the owner opens the links.
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/report-links'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Report links of Acme' }));
    const group = await screen.findByRole('group', { name: 'Report links of Acme' });
    await waitFor(() => expect(within(group).getAllByTestId('report-link')).toHaveLength(2));
    expect(within(group).getByRole('link', { name: live.url! })).toHaveAttribute('href', live.url);
    expect(within(group).getByText('Link made 2026-03-01, revoked 2026-03-03')).toBeInTheDocument();

    fireEvent.click(within(group).getByRole('button', { name: 'Copy report link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(live.url));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();

    fireEvent.click(within(group).getByRole('button', { name: 'Create report link' }));
    await waitFor(() => expect(within(group).getAllByTestId('report-link')).toHaveLength(3));

    fireEvent.click(within(group).getAllByRole('button', { name: 'Revoke report link' })[1]);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this report link?' });
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/sponsor-report-links/5',
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
    await waitFor(() =>
      expect(within(group).getAllByRole('button', { name: 'Revoke report link' })).toHaveLength(1),
    );
    expect(await screen.findByText('Report link revoked')).toBeInTheDocument();
  });
});

describe('MediaKitCard', () => {
  it('switches the media kit on (enableMediaKit) and previews the page itself in a frame', async () => {
    const fetch = mockFetch({
      '/api/admin/settings': () => fakeResponse(200, settingsDefaults),
      '/api/settings/enableMediaKit': () => fakeResponse(200, { key: 'enableMediaKit', value: true }),
    });
    renderWithProviders(
      <SettingsGate scope="settings">
        <MediaKitCard />
      </SettingsGate>,
    );
    const toggle = await screen.findByRole('switch', { name: /^Publish the media kit at \/media-kit/ });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('link', { name: 'Open /media-kit' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Media kit preview' });
    expect(within(dialog).getByTitle('Media kit preview')).toHaveAttribute('src', '/media-kit');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/settings/enableMediaKit',
        expect.objectContaining({ method: 'POST', body: '{"value":true}' }),
      ),
    );
    expect(await screen.findByRole('link', { name: 'Open /media-kit' })).toHaveAttribute(
      'href',
      '/media-kit',
    );
  });
});
