import type { Video } from '@app/contracts';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { VideoCard } from './video-card';

const video = (duration: string, durationSeconds: number): Video => ({
  id: 'abc123def45',
  title: 'A video',
  description: null,
  thumbnail: null,
  duration,
  durationSeconds,
  viewCount: 10,
  publishedAt: '2026-01-01T00:00:00.000Z',
  featured: false,
  kind: 'video',
});

const badge = (container: HTMLElement) => container.querySelector('[class*="duration"]');

describe('VideoCard duration (issue 24)', () => {
  it('shows a known duration', () => {
    const { container } = renderWithProviders(
      <VideoCard video={video('4:05', 245)} playing={false} onPlay={() => undefined} now={Date.now()} />,
    );
    expect(badge(container)).toHaveTextContent('4:05');
  });

  it('leaves an unknown duration (feed mode) out instead of showing 0:00', () => {
    const { container } = renderWithProviders(
      <VideoCard video={video('', 0)} playing={false} onPlay={() => undefined} now={Date.now()} />,
    );
    expect(screen.getByText('A video')).toBeInTheDocument();
    expect(badge(container)).toBeNull();
    expect(container).not.toHaveTextContent('0:00');
  });
});
