import type { Video } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { useAdminVideos } from '../api/get-admin-videos';
import { FeaturedVideoCard, STAND_IN_NOTE } from './featured-video-card';

const video = (id: string, extra: Partial<Video> = {}): Video => ({
  id,
  title: `Video ${id}`,
  description: null,
  thumbnail: null,
  image: null,
  duration: '12:34',
  durationSeconds: 754,
  viewCount: 10,
  publishedAt: '2026-01-01T00:00:00.000Z',
  featured: false,
  kind: 'video',
  ...extra,
});

function Card() {
  return <FeaturedVideoCard videos={useAdminVideos()} />;
}

function serve(list: Video[], featured: Video | null) {
  mockFetch({
    '/api/videos?sort=recent&limit=10': () => ({
      ...fakeResponse(200, list),
      headers: { get: (name: string) => (name === 'X-Total-Count' ? String(list.length) : null) } as Headers,
    }),
    '/api/videos/featured': () => fakeResponse(200, featured),
  });
}

describe('FeaturedVideoCard (issue 45)', () => {
  it('says which video the home page features until the owner chooses one, in its row', async () => {
    const list = [video('short000001', { kind: 'short' }), video('long0000001'), video('long0000002')];
    serve(list, list[1]);
    renderWithProviders(<Card />);
    const note = await screen.findByTestId('featured-stand-in');
    expect(note).toHaveTextContent(STAND_IN_NOTE);
    const rows = screen.getAllByTestId('featured-row');
    expect(within(rows[1]).getByTestId('featured-stand-in')).toBe(note);
    // Not chosen: it can still be featured.
    expect(within(rows[1]).getByRole('button', { name: 'Feature: Video long0000001' })).toBeEnabled();
  });

  it('names it above the list when it is not among the first 10', async () => {
    serve([video('short000001', { kind: 'short' })], video('long0000009'));
    renderWithProviders(<Card />);
    expect(await screen.findByTestId('featured-stand-in')).toHaveTextContent(
      `${STAND_IN_NOTE}: Video long0000009`,
    );
  });

  it('says nothing of the kind once a video is chosen, or when there is none', async () => {
    const chosen = video('long0000001', { featured: true });
    serve([chosen], chosen);
    const { unmount } = renderWithProviders(<Card />);
    expect(await screen.findByRole('button', { name: 'Featured: Video long0000001' })).toBeDisabled();
    expect(screen.queryByTestId('featured-stand-in')).toBeNull();
    unmount();
    serve([video('short000001', { kind: 'short' })], null);
    renderWithProviders(<Card />);
    expect(await screen.findAllByTestId('featured-row')).toHaveLength(1);
    expect(screen.queryByTestId('featured-stand-in')).toBeNull();
  });

  it('opens a video’s transcripts from its row', async () => {
    serve([video('long0000001')], null);
    renderWithProviders(<Card />);
    fireEvent.click(await screen.findByRole('button', { name: 'Transcripts: Video long0000001' }));
    expect(await screen.findByRole('dialog', { name: 'Transcripts: Video long0000001' })).toBeInTheDocument();
  });
});
