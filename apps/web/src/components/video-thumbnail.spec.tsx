import { thumbnailUrl } from '@app/contracts/youtube';
import { act, fireEvent, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { VideoThumbnail } from './video-thumbnail';

const shown = (container: HTMLElement) => container.querySelector('[data-thumbnail]')!;

/** Makes images report `complete` (those `done` says) and the given natural width (jsdom loads no image). */
function imagesReport(naturalWidth: number, done: (src: string) => boolean = () => true) {
  const proto = HTMLImageElement.prototype;
  const complete = jest.spyOn(proto, 'complete', 'get').mockImplementation(function (this: HTMLImageElement) {
    return done(this.src);
  });
  const width = jest.spyOn(proto, 'naturalWidth', 'get').mockReturnValue(naturalWidth);
  return () => {
    complete.mockRestore();
    width.mockRestore();
  };
}

const thumbnail = (src: string | null) => (
  <VideoThumbnail
    src={src}
    alt=""
    className="thumb"
    width={640}
    height={360}
    placeholderClassName="thumb none"
    placeholder="Click to play"
  />
);

describe('VideoThumbnail', () => {
  it("steps a YouTube thumbnail that fails down maxres → sd → hq → mq, then shows the placeholder in the image's box", () => {
    const { container } = render(thumbnail(thumbnailUrl('abc', 'maxresdefault')));
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const img = shown(container);
      expect(img.tagName).toBe('IMG');
      expect(img).toHaveAttribute('width', '640');
      expect(img).toHaveAttribute('height', '360');
      expect(img).toHaveClass('thumb');
      seen.push(img.getAttribute('src')!);
      fireEvent.error(img);
    }
    expect(seen).toEqual(
      ['maxresdefault', 'sddefault', 'hqdefault', 'mqdefault'].map(
        (s) => `https://i.ytimg.com/vi/abc/${s}.jpg`,
      ),
    );
    const placeholder = shown(container);
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder).toHaveAttribute('data-thumbnail', 'placeholder');
    expect(placeholder.className).toBe('thumb none');
    expect(placeholder).toHaveTextContent('Click to play');
    expect(container.querySelector('img')).toBeNull();
  });

  it("takes YouTube's grey 120-pixel stand-in for a missing size, but not for `default`, which is that wide", () => {
    // Each image reports when it loads (none has loaded by the time it is put in).
    const restore = imagesReport(120, () => false);
    try {
      const { container } = render(thumbnail(thumbnailUrl('abc', 'sddefault')));
      fireEvent.load(shown(container));
      expect(shown(container)).toHaveAttribute('src', thumbnailUrl('abc', 'hqdefault'));
      const small = render(thumbnail(thumbnailUrl('abc', 'default')));
      fireEvent.load(shown(small.container));
      expect(shown(small.container)).toHaveAttribute('src', thumbnailUrl('abc', 'default'));
      const own = render(thumbnail('https://cdn.example/small.png'));
      fireEvent.load(shown(own.container));
      expect(shown(own.container)).toHaveAttribute('src', 'https://cdn.example/small.png');
    } finally {
      restore();
    }
  });

  it("keeps a loaded thumbnail, and sends an owner's own image that fails straight to the placeholder", () => {
    const restore = imagesReport(480);
    try {
      const { container } = render(thumbnail(thumbnailUrl('abc', 'hqdefault')));
      fireEvent.load(shown(container));
      expect(shown(container)).toHaveAttribute('src', thumbnailUrl('abc', 'hqdefault'));
    } finally {
      restore();
    }
    const { container } = render(thumbnail('/api/demo/thumbnails/v1.svg'));
    fireEvent.error(shown(container));
    expect(shown(container)).toHaveAttribute('data-thumbnail', 'placeholder');
  });

  it('shows the placeholder for a video without a thumbnail, and starts again for another video', () => {
    const { container, rerender } = render(thumbnail(null));
    expect(shown(container)).toHaveAttribute('data-thumbnail', 'placeholder');
    rerender(thumbnail(thumbnailUrl('abc', 'maxresdefault')));
    fireEvent.error(shown(container));
    expect(shown(container)).toHaveAttribute('src', thumbnailUrl('abc', 'sddefault'));
    rerender(thumbnail(thumbnailUrl('xyz', 'maxresdefault')));
    expect(shown(container)).toHaveAttribute('src', thumbnailUrl('xyz', 'maxresdefault'));
  });

  it('steps on at hydration when the image failed before the page had its script, without a mismatch', async () => {
    const html = renderToString(thumbnail(thumbnailUrl('abc', 'maxresdefault')));
    expect(html).toContain('src="https://i.ytimg.com/vi/abc/maxresdefault.jpg"');
    expect(html).toContain('width="640"');
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recovered: unknown[] = [];
    // Only the server's image has settled (broken); the next one is still loading.
    const restore = imagesReport(0, (src) => src.endsWith('/maxresdefault.jpg'));
    try {
      await act(async () => {
        hydrateRoot(root, thumbnail(thumbnailUrl('abc', 'maxresdefault')), {
          onRecoverableError: (error) => recovered.push(error),
        });
      });
      // One step for the one failure seen, not one per check.
      expect(shown(root)).toHaveAttribute('src', thumbnailUrl('abc', 'sddefault'));
      expect(recovered).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      restore();
      errors.mockRestore();
      root.remove();
    }
  });
});
