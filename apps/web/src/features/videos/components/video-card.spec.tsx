import type { Video } from '@app/contracts';
import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { renderWithProviders } from '../../../test/render';
import { siteImage } from '../../../test/site-image';
import { VideoFacade } from './play-facade';
import { VideoCard } from './video-card';

const video = (viewCount: number | null, duration = '4:05', durationSeconds = 245): Video => ({
  id: 'abcdefghijk',
  title: 'A video',
  description: null,
  thumbnail: null,
  image: null,
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

const withThumbnail = (extra: Partial<Video> = {}): Video => ({
  ...video(10),
  thumbnail: 'https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg',
  image: siteImage('abc'),
  ...extra,
});

/** The words a facade shows: its button's text, and the badges beside it. */
const shownText = (container: HTMLElement) =>
  [...container.querySelectorAll('[class*="media"] *')]
    .filter((el) => el.children.length === 0 && el.textContent?.trim())
    .map((el) => el.textContent!.trim());

describe('the play facade (issue 45: one label, and a name that starts with it)', () => {
  it('over a thumbnail: "Play" in the centre, the length beside the button, both in its name', () => {
    const { container } = renderWithProviders(
      <VideoCard
        video={withThumbnail({ kind: 'replay' })}
        playing={false}
        onPlay={() => undefined}
        now={NOW}
      />,
    );
    const button = screen.getByRole('button', { name: 'Play A video, Replay, 4:05' });
    // Label in Name (WCAG 2.5.3): the button's visible text is its label alone, and its name starts with it.
    expect(button).toHaveTextContent(/^Play$/);
    expect(shownText(container).sort()).toEqual(['4:05', 'Play', 'Replay']);
    expect(button).not.toContainElement(badge(container) as HTMLElement);
  });

  it('without a thumbnail: one label, the placeholder\'s, in the centre instead of "Play" (no "Cli▶ Playay")', () => {
    const { container } = renderWithProviders(
      <VideoCard video={video(10)} playing={false} onPlay={() => undefined} now={NOW} />,
    );
    const button = screen.getByRole('button', { name: 'Click to play A video, 4:05' });
    expect(button).toHaveTextContent(/^Click to play$/);
    expect(container.querySelector('[data-thumbnail="placeholder"]')).toHaveTextContent(/^$/);
    expect(shownText(container)).toEqual(['Click to play', '4:05']);
    expect(screen.getByText('Click to play').closest('[class*="playIcon"]')).not.toBeNull();
  });

  it('the featured video without a thumbnail reads the SPEC\'s "Click to play featured video", once', () => {
    renderWithProviders(
      <VideoFacade
        video={video(10, '', 0)}
        placeholder="Click to play featured video"
        onPlay={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Click to play featured video A video' })).toHaveTextContent(
      /^Click to play featured video$/,
    );
    expect(screen.getAllByText(/Click to play/)).toHaveLength(1);
  });

  it('the server renders the same name the app does', () => {
    const html = renderToString(<VideoFacade video={withThumbnail()} onPlay={() => undefined} />);
    expect(html).toContain('aria-label="Play A video, 4:05"');
    // The placeholder's words are there for the boot script only (lib/thumbnail-fallback.ts), never shown.
    expect(html).toContain('data-placeholder-label="Click to play A video, 4:05"');
    expect(html.replace(/ data-placeholder-[\w-]+="[^"]*"/g, '')).not.toContain('Click to play');
  });
});
