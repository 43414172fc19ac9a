// The boot script's fallbacks (lib/thumbnail-fallback.ts) on the markup of the components that draw thumbnails.
import type { Video } from '@app/contracts';
import { thumbnailUrl } from '@app/contracts/youtube';
import { act, fireEvent } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { VideoThumbnail } from '../../../components/video-thumbnail';
import { VideoFacade } from './play-facade';
import { stepDown } from '../../../lib/thumbnail-fallback';

// Each test takes a video id of its own: the URLs found missing are kept for the page's life (this file's).
const sizes = ['maxresdefault', 'sddefault', 'hqdefault', 'mqdefault'] as const;
const image = (root: HTMLElement) => root.querySelector<HTMLImageElement>('img[data-thumbnail="image"]');

function video(id: string): Video {
  return {
    id,
    title: 'A video',
    description: '',
    thumbnail: thumbnailUrl(id, 'maxresdefault'),
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
  it('steps down maxres → sd → hq → mq in the same image, then puts the placeholder in its place', () => {
    const root = serverPage(facade('step1'));
    const img = image(root)!;
    const seen = [img.getAttribute('src')];
    for (let i = 1; i < sizes.length; i++) {
      stepDown(img);
      expect(image(root)).toBe(img);
      seen.push(img.getAttribute('src'));
    }
    expect(seen).toEqual(sizes.map((size) => thumbnailUrl('step1', size)));
    expect(img).toHaveAttribute('width', '640');

    stepDown(img);
    expect(image(root)).toBeNull();
    const placeholder = root.querySelector('[data-thumbnail="placeholder"]')!;
    expect(placeholder.tagName).toBe('SPAN');
    // The facade's placeholder class, label and name, as the app draws them.
    expect(placeholder.className).toBe(img.dataset.placeholderClass);
    expect(root.querySelector('button')).toHaveAttribute('aria-label', 'Click to play A video, 4:05');
    expect(root.querySelector('button')).toHaveTextContent(/^Click to play$/);
  });

  it("sends an owner's own image straight to the placeholder, in the image's class and with its text", () => {
    const root = serverPage(
      <VideoThumbnail
        src="/api/demo/thumbnails/own.svg"
        alt=""
        className="thumb"
        width={320}
        height={180}
        placeholderClassName="thumb none"
        placeholder="No picture"
      />,
    );
    stepDown(image(root)!);
    expect(root.querySelector('[data-thumbnail]')!.outerHTML).toBe(
      '<span class="thumb none" data-thumbnail="placeholder">No picture</span>',
    );
  });

  it('a size found missing is skipped by the next image that would try it', () => {
    const first = serverPage(facade('skip1'));
    stepDown(image(first)!);
    const second = serverPage(
      <VideoThumbnail src={thumbnailUrl('skip1', 'sddefault')} alt="" width={320} height={180} />,
    );
    stepDown(image(second)!);
    expect(image(second)).toHaveAttribute('src', thumbnailUrl('skip1', 'hqdefault'));
  });
});

describe('the app, when it starts, takes the page as the boot script left it', () => {
  it('hydrates a placeholder put in without a mismatch, and keeps it', async () => {
    const root = serverPage(facade('hydr1'));
    for (let i = 0; i < sizes.length; i++) stepDown(image(root)!);
    const placeholder = root.querySelector('[data-thumbnail="placeholder"]');
    expect(await hydrate(root, facade('hydr1'))).toEqual([]);
    expect(root.querySelector('[data-thumbnail="placeholder"]')).toBe(placeholder);
    expect(root.querySelector('button')).toHaveAttribute('aria-label', 'Click to play A video, 4:05');
    expect(root.querySelector('button')).toHaveTextContent(/^Click to play$/);
  });

  it('goes on from the size the boot script showed', async () => {
    const root = serverPage(facade('hydr2'));
    stepDown(image(root)!);
    expect(await hydrate(root, facade('hydr2'))).toEqual([]);
    const img = image(root)!;
    expect(img).toHaveAttribute('src', thumbnailUrl('hydr2', 'sddefault'));
    await act(async () => void fireEvent.error(img));
    expect(image(root)).toHaveAttribute('src', thumbnailUrl('hydr2', 'hqdefault'));
  });
});
