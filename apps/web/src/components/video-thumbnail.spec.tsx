import type { SiteImage } from '@app/contracts';
import { act, fireEvent, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { siteImage } from '../test/site-image';
import { VideoThumbnail } from './video-thumbnail';

const shown = (container: HTMLElement) => container.querySelector('[data-thumbnail]')!;
const SIZES = '(min-width: 62em) 33vw, 100vw';

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

const thumbnail = (image: SiteImage | null, props: { fetchPriority?: 'high' } = {}) => (
  <VideoThumbnail
    image={image}
    alt=""
    className="thumb"
    sizes={SIZES}
    placeholderClassName="thumb none"
    placeholder="Click to play"
    {...props}
  />
);

describe('VideoThumbnail', () => {
  it('renders the site’s image as <picture>: AVIF and WebP sources and the JPEG <img>, each at every width, with sizes, its size and colour', () => {
    const image = siteImage('pic', { widths: [320, 640], width: 640, height: 360, color: '#a1b2c3' });
    const html = renderToString(thumbnail(image));
    const root = document.createElement('div');
    root.innerHTML = html;
    const picture = root.querySelector('picture')!;
    const [avif, webp] = [...picture.querySelectorAll('source')];
    expect(avif).toHaveAttribute('type', 'image/avif');
    expect(avif).toHaveAttribute('srcset', `${image.path}/320.avif 320w, ${image.path}/640.avif 640w`);
    expect(webp).toHaveAttribute('type', 'image/webp');
    expect(webp).toHaveAttribute('srcset', `${image.path}/320.webp 320w, ${image.path}/640.webp 640w`);
    const img = picture.querySelector('img')!;
    expect(img).toHaveAttribute('src', `${image.path}/640.jpg`);
    expect(img).toHaveAttribute('srcset', `${image.path}/320.jpg 320w, ${image.path}/640.jpg 640w`);
    for (const element of [avif, webp, img]) expect(element).toHaveAttribute('sizes', SIZES);
    // Its box is laid out before the file comes (no shift), in the image's colour.
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    expect(img.style.backgroundColor).toBe('rgb(161, 178, 195)');
    expect(img).toHaveClass('thumb');
    // A lazy picture is not preloaded.
    expect(html).not.toContain('rel="preload"');
  });

  it('preloads the page’s main image, its AVIF at the width the page asks (React preloads none within a <picture>)', () => {
    const image = siteImage('lcp');
    const html = renderToString(thumbnail(image, { fetchPriority: 'high' }));
    const root = document.createElement('div');
    root.innerHTML = html;
    const link = root.querySelector('link[rel="preload"]')!;
    expect(link).toHaveAttribute('as', 'image');
    expect(link).toHaveAttribute('type', 'image/avif');
    expect(link).toHaveAttribute('imagesrcset', root.querySelector('source')!.getAttribute('srcset'));
    expect(link).toHaveAttribute('imagesizes', SIZES);
    expect(link).toHaveAttribute('fetchpriority', 'high');
  });

  it("shows the placeholder in the image's box when the image fails, and keeps a loaded one", () => {
    const restore = imagesReport(640);
    try {
      const { container } = render(thumbnail(siteImage('ok')));
      fireEvent.load(shown(container));
      expect(shown(container).tagName).toBe('IMG');
    } finally {
      restore();
    }
    const { container } = render(thumbnail(siteImage('bad')));
    fireEvent.error(shown(container));
    const placeholder = shown(container);
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder).toHaveAttribute('data-thumbnail', 'placeholder');
    expect(placeholder.className).toBe('thumb none');
    expect(placeholder).toHaveTextContent('Click to play');
    expect(container.querySelector('picture, img')).toBeNull();
  });

  it('shows the placeholder for a video without an image (never YouTube’s), and starts again for another video', () => {
    const { container, rerender } = render(thumbnail(null));
    expect(shown(container)).toHaveAttribute('data-thumbnail', 'placeholder');
    expect(container.innerHTML).not.toMatch(/ytimg|<img/);
    rerender(thumbnail(siteImage('one')));
    fireEvent.error(shown(container));
    expect(shown(container)).toHaveAttribute('data-thumbnail', 'placeholder');
    rerender(thumbnail(siteImage('two')));
    expect(shown(container)).toHaveAttribute('src', `${siteImage('two').path}/640.jpg`);
  });

  it('shows the placeholder at hydration when the image failed before the page had its script, without a mismatch', async () => {
    const image = siteImage('hyd');
    const root = document.createElement('div');
    root.innerHTML = renderToString(thumbnail(image));
    document.body.append(root);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recovered: unknown[] = [];
    const restore = imagesReport(0);
    try {
      await act(async () => {
        hydrateRoot(root, thumbnail(image), { onRecoverableError: (error) => recovered.push(error) });
      });
      expect(shown(root)).toHaveAttribute('data-thumbnail', 'placeholder');
      expect(recovered).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      restore();
      errors.mockRestore();
      root.remove();
    }
  });
});
