// The boot script's fallbacks (lib/thumbnail-fallback.ts) on the markup of the components that draw thumbnails.
import type { Video } from '@app/contracts';
import { act, fireEvent } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { VideoThumbnail } from '../../../components/video-thumbnail';
import { VideoFacade } from './play-facade';
import { showPlaceholder } from '../../../lib/thumbnail-fallback';
import { siteImage } from '../../../test/site-image';

// Each test takes a video id of its own: the images found missing are kept for the page's life (this file's).
const image = (root: HTMLElement) => root.querySelector<HTMLImageElement>('img[data-thumbnail="image"]');

function video(id: string): Video {
  return {
    id,
    title: 'A video',
    description: '',
    thumbnail: `https://i.ytimg.com/vi/${id}/maxresdefault.jpg`,
    image: siteImage(id),
    duration: '4:05',
    viewCount: 10,
    publishedAt: '2024-01-01T00:00:00.000Z',
    featured: false,
    kind: 'video',
  } as Video;
}

const facade = (id: string) => <VideoFacade video={video(id)} onPlay={() => undefined} />;

/** The server's markup of `element` in the page, as the boot script finds it. */
function serverPage(element: React.ReactElement): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(element);
  document.body.append(root);
  return root;
}

/** Hydrates `root` with `element`, and gives what React reported (a mismatch is one). */
async function hydrate(root: HTMLElement, element: React.ReactElement): Promise<unknown[]> {
  const reported: unknown[] = [];
  const errors = jest.spyOn(console, 'error').mockImplementation((...args) => reported.push(args));
  try {
    await act(async () => {
      hydrateRoot(root, element, { onRecoverableError: (error) => reported.push(error) });
    });
  } finally {
    errors.mockRestore();
  }
  return reported;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a missing thumbnail before the app runs (boot script)', () => {
  it("puts the placeholder in the place of the picture, with the facade's class, label and name", () => {
    const root = serverPage(facade('miss1'));
    const img = image(root)!;
    expect(root.querySelector('picture')).not.toBeNull();
    showPlaceholder(img);
    expect(image(root)).toBeNull();
    expect(root.querySelector('picture')).toBeNull();
    const placeholder = root.querySelector('[data-thumbnail="placeholder"]')!;
    expect(placeholder.tagName).toBe('SPAN');
    // The facade's placeholder class, label and name, as the app draws them.
    expect(placeholder.className).toBe(img.dataset.placeholderClass);
    expect(root.querySelector('button')).toHaveAttribute('aria-label', 'Click to play A video, 4:05');
    expect(root.querySelector('button')).toHaveTextContent(/^Click to play$/);
  });

  it("puts a lone thumbnail's placeholder in the image's class, with its text", () => {
    const root = serverPage(
      <VideoThumbnail
        image={siteImage('own1')}
        alt=""
        className="thumb"
        sizes="100vw"
        placeholderClassName="thumb none"
        placeholder="No picture"
      />,
    );
    showPlaceholder(image(root)!);
    expect(root.innerHTML).toBe('<span class="thumb none" data-thumbnail="placeholder">No picture</span>');
  });
});

describe('the app, when it starts, takes the page as the boot script left it', () => {
  it('hydrates a placeholder put in without a mismatch, and keeps it', async () => {
    const root = serverPage(facade('hydr1'));
    showPlaceholder(image(root)!);
    const placeholder = root.querySelector('[data-thumbnail="placeholder"]');
    expect(await hydrate(root, facade('hydr1'))).toEqual([]);
    expect(root.querySelector('[data-thumbnail="placeholder"]')).toBe(placeholder);
    expect(root.querySelector('button')).toHaveAttribute('aria-label', 'Click to play A video, 4:05');
    expect(root.querySelector('button')).toHaveTextContent(/^Click to play$/);
  });

  it('keeps an image that did not fail, and shows the placeholder when it fails later', async () => {
    const root = serverPage(facade('hydr2'));
    expect(await hydrate(root, facade('hydr2'))).toEqual([]);
    const img = image(root)!;
    expect(img).toHaveAttribute('src', `${siteImage('hydr2').path}/640.jpg`);
    await act(async () => void fireEvent.error(img));
    expect(image(root)).toBeNull();
    expect(root.querySelector('[data-thumbnail="placeholder"]')).not.toBeNull();
  });
});
