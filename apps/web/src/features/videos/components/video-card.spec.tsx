import type { Video } from '@app/contracts';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { VideoCard } from './video-card';

const video = (viewCount: number | null, duration = '4:05', durationSeconds = 245): Video => ({
  id: 'abcdefghijk',
  title: 'A video',
  description: null,
  thumbnail: null,
  duration,
  durationSeconds,
  viewCount,
  publishedAt: '2026-01-01T00:00:00.000Z',
  featured: false,
  kind: 'video',
});

const NOW = Date.parse('2026-01-03T00:00:00.000Z');

describe('VideoCard views (issue 27: unknown is not 0)', () => {
  it('shows a known count, 0 included', () => {
    const { rerender } = renderWithProviders(
      <VideoCard video={video(1234)} now={NOW} playing={false} onPlay={() => undefined} />,
    );
    expect(screen.getByText(/1K views/)).toBeInTheDocument();
    rerender(<VideoCard video={video(0)} now={NOW} playing={false} onPlay={() => undefined} />);
    expect(screen.getByText(/0 views/)).toBeInTheDocument();
  });

  it('leaves out a count YouTube withholds', () => {
    renderWithProviders(<VideoCard video={video(null)} now={NOW} playing={false} onPlay={() => undefined} />);
    expect(screen.getByText('2 days ago')).toBeInTheDocument();
    expect(screen.queryByText(/views/)).toBeNull();
  });
});

const badge = (container: HTMLElement) => container.querySelector('[class*="duration"]');

describe('VideoCard duration (issue 24)', () => {
  it('shows a known duration', () => {
    const { container } = renderWithProviders(
      <VideoCard video={video(10)} playing={false} onPlay={() => undefined} now={NOW} />,
    );
    expect(badge(container)).toHaveTextContent('4:05');
  });

  it('leaves an unknown duration (feed mode) out instead of showing 0:00', () => {
    const { container } = renderWithProviders(
      <VideoCard video={video(10, '', 0)} playing={false} onPlay={() => undefined} now={NOW} />,
    );
    expect(screen.getByText('A video')).toBeInTheDocument();
    expect(badge(container)).toBeNull();
    expect(container).not.toHaveTextContent('0:00');
  });
});
