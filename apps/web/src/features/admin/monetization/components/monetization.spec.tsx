import type { Sponsorship } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { ADSENSE_URL, RevenueCards } from './monetization-tab';
import { SponsorshipsPanel } from './sponsorships-panel';

const acme: Sponsorship = {
  id: 1,
  sponsorName: 'Acme',
  url: 'https://acme.example',
  message: 'Thanks to Acme',
  amountUsd: 1000,
  // 10 days, 6 of them in March.
  startDate: '2026-03-26',
  endDate: '2026-04-04',
  videoIds: [],
};

const analytics = (affiliateClicks: number) => ({
  conversions: {
    subscribeClicks: 0,
    communityClicks: 0,
    affiliateClicks,
    sponsorClicks: 0,
    playlistOpens: 0,
    affiliateByProgram: [],
  },
});

afterEach(() => act(() => notifications.clean()));

describe('RevenueCards', () => {
  it('shows measured money only: this month of the deals, affiliate clicks, no AdSense number', async () => {
    mockFetch({
      '/api/admin/sponsorships': () =>
        fakeResponse(200, {
          sponsorships: [
            acme,
            { ...acme, id: 2, amountUsd: 50, startDate: '2026-03-02', endDate: '2026-03-02' },
          ],
        }),
      '/api/admin/analytics?range=30d': () => fakeResponse(200, analytics(42)),
    });
    renderWithProviders(<RevenueCards today="2026-03-15" />);
    const sponsorships = screen.getByTestId('revenue-sponsorships');
    await waitFor(() => expect(sponsorships).toHaveTextContent('$650.00'));
    expect(screen.getByTestId('revenue-total')).toHaveTextContent('Total Revenue$650.00');
    expect(screen.getByTestId('revenue-total')).toHaveTextContent('Measured money only: sponsorships');
    await waitFor(() =>
      expect(screen.getByTestId('revenue-affiliate')).toHaveTextContent('Affiliate42 clicks'),
    );
    const adsense = screen.getByTestId('revenue-adsense');
    expect(adsense).toHaveTextContent('Earnings are only available in AdSense (Google sign-in)');
    expect(adsense).not.toHaveTextContent('$');
    expect(within(adsense).getByRole('link', { name: /Open AdSense/ })).toHaveAttribute('href', ADSENSE_URL);
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
  });

  it('shows a dash, not a number, for what could not be loaded', async () => {
    mockFetch({});
    renderWithProviders(<RevenueCards today="2026-03-15" />);
    await waitFor(() =>
      expect(screen.getByTestId('revenue-affiliate')).toHaveTextContent('Clicks could not be loaded'),
    );
    expect(screen.getByTestId('revenue-sponsorships')).toHaveTextContent('Sponsorships—');
  });
});

describe('SponsorshipsPanel', () => {
  it('saves a new deal with amount and dates, then lists it', async () => {
    let stored: Sponsorship[] = [];
    const fetch = mockFetch({
      '/api/admin/sponsorships': () => fakeResponse(200, { sponsorships: stored }),
    });
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const deal = { id: 7, ...(JSON.parse(String(init.body)) as Omit<Sponsorship, 'id'>) };
        stored = [deal];
        return fakeResponse(201, deal);
      }
      if (url === '/api/admin/sponsorships') return fakeResponse(200, { sponsorships: stored });
      return fakeResponse(404, {});
    });
    renderWithProviders(<SponsorshipsPanel />);
    expect(await screen.findByText('No sponsorships recorded yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Sponsor name'), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText('Sponsor URL'), { target: { value: 'https://acme.example' } });
    fireEvent.change(screen.getByLabelText('Sponsor message'), { target: { value: 'Thanks' } });
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '1250.5' } });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Sponsorship' }));
    await waitFor(() => expect(screen.getByTestId('sponsorship')).toHaveTextContent('Acme$1,250.50'));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      sponsorName: 'Acme',
      url: 'https://acme.example',
      message: 'Thanks',
      amountUsd: 1250.5,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      videoIds: [],
    });
    expect(screen.getByLabelText('Sponsor name')).toHaveValue('');
  });

  it('sends nothing while a required field is empty', async () => {
    const fetch = mockFetch({ '/api/admin/sponsorships': () => fakeResponse(200, { sponsorships: [] }) });
    renderWithProviders(<SponsorshipsPanel />);
    await screen.findByText('No sponsorships recorded yet.');
    fireEvent.change(screen.getByLabelText('Sponsor name'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Sponsorship' }));
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('edits a deal with PUT and deletes one only after the confirmation', async () => {
    const fetch = mockFetch({
      '/api/admin/sponsorships': () => fakeResponse(200, { sponsorships: [acme] }),
      '/api/admin/sponsorships/1': () => fakeResponse(200, acme),
    });
    renderWithProviders(<SponsorshipsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Acme' }));
    expect(screen.getByLabelText('Sponsor name')).toHaveValue('Acme');
    fireEvent.change(screen.getByLabelText('Sponsor message'), { target: { value: 'New words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/sponsorships/1',
        expect.objectContaining({ method: 'PUT', body: expect.stringContaining('"message":"New words"') }),
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this sponsorship?' });
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/sponsorships/1',
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
  });
});
