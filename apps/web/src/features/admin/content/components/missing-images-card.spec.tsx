import type { MissingImage, MissingImages } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '../../../../components/toaster';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { MissingImagesCard } from './missing-images-card';

const image = (extra: Partial<MissingImage>): MissingImage => ({
  kind: 'video',
  ref: 'vid00000001',
  title: 'First video',
  sourceUrl: 'https://i.ytimg.com/vi/vid00000001/maxresdefault.jpg',
  reason: '404 Not Found',
  attempts: 2,
  checkedAt: '2026-03-01T10:30:00.000Z',
  ...extra,
});

const missing: MissingImages = {
  items: [
    image({}),
    image({ kind: 'playlist', ref: 'PL0001', title: 'Talks', reason: "only YouTube's placeholder" }),
    image({ kind: 'banner', ref: 'channel', title: null, reason: null, attempts: 0, checkedAt: null }),
  ],
};

/** Serves the list, and the retry with `retry`; returns the fetch mock to read the retry's bodies from. */
function serve(list: MissingImages, retry: () => Response = () => fakeResponse(200, { queued: 1 })) {
  return mockFetch({
    '/api/admin/images/missing': () => fakeResponse(200, list),
    '/api/admin/images/retry': retry,
  });
}

function renderCard() {
  return renderWithProviders(
    <>
      <Toaster />
      <MissingImagesCard />
    </>,
  );
}

const retryBodies = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .filter(([url]) => url === '/api/admin/images/retry')
    .map(([, init]) => [init?.method, JSON.parse(String(init?.body))]);

describe('the Missing images card', () => {
  afterEach(() => act(() => notifications.clean()));

  it('lists each missing image: what it is of, its title, why and when it was last tried', async () => {
    serve(missing);
    renderCard();
    const rows = await screen.findAllByTestId('missing-image-row');
    // In the browser's time zone.
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-03-01T10:30:00.000Z'),
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      `VideoFirst video404 Not Found · last try ${when}Retry`,
      `PlaylistTalksonly YouTube's placeholder · last try ${when}Retry`,
      'Channel bannerChannel banner channelNot fetched yet · never triedRetry',
    ]);
  });

  it('retries one image, with a toast saying how many were queued, and reloads the list', async () => {
    const fetch = serve(missing);
    renderCard();
    const [first] = await screen.findAllByTestId('missing-image-row');
    const loads = () => fetch.mock.calls.filter(([url]) => url === '/api/admin/images/missing').length;
    expect(loads()).toBe(1);
    fireEvent.click(within(first).getByRole('button', { name: 'Retry: First video' }));
    expect(await screen.findByText('Retry started')).toBeInTheDocument();
    expect(screen.getByText('1 image will be fetched again in the background.')).toBeInTheDocument();
    expect(retryBodies(fetch)).toEqual([['POST', { kind: 'video', ref: 'vid00000001' }]]);
    await waitFor(() => expect(loads()).toBe(2));
  });

  it('retries all with an empty body', async () => {
    const fetch = serve(missing, () => fakeResponse(200, { queued: 3 }));
    renderCard();
    await screen.findAllByTestId('missing-image-row');
    fireEvent.click(screen.getByRole('button', { name: 'Retry all' }));
    expect(await screen.findByText('3 images will be fetched again in the background.')).toBeInTheDocument();
    expect(retryBodies(fetch)).toEqual([['POST', {}]]);
  });

  it('says why a retry failed, in the API’s words', async () => {
    serve(missing, () =>
      fakeResponse(400, { statusCode: 400, message: 'kind must be one of video, playlist' }),
    );
    renderCard();
    await screen.findAllByTestId('missing-image-row');
    fireEvent.click(screen.getByRole('button', { name: 'Retry all' }));
    expect(await screen.findByText('Retry failed')).toBeInTheDocument();
    expect(screen.getByText('kind must be one of video, playlist')).toBeInTheDocument();
  });

  it('says when nothing is missing, with Retry all disabled', async () => {
    serve({ items: [] });
    renderCard();
    expect(await screen.findByTestId('missing-images-none')).toHaveTextContent('No missing images');
    expect(screen.getByRole('button', { name: 'Retry all' })).toBeDisabled();
  });
});
