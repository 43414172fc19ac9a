import type { SiteImage } from '@app/contracts';

/** A site image as the API describes one (`/images/<hash>`), with a hash of its own per `seed`. */
export function siteImage(seed = 'a', extra: Partial<SiteImage> = {}): SiteImage {
  return {
    path: `/images/${seed.padEnd(20, '0').slice(0, 20)}`,
    width: 1280,
    height: 720,
    widths: [320, 640, 1280],
    color: '#336699',
    ...extra,
  };
}
