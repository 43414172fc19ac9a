import { MISSING_THUMBNAIL_WIDTH, youTubeThumbnailSize } from '@app/contracts/youtube';

/** A thumbnail image as `VideoThumbnail` draws it (it falls back when the image is missing). */
export const THUMBNAIL_SELECTOR = 'img[data-thumbnail="image"]';

/** Broken, or YouTube's grey 120×90 stand-in for a size the video lacks (`default` is 120 wide by itself). */
export function isMissing(img: HTMLImageElement): boolean {
  if (img.naturalWidth === 0) return true;
  const size = youTubeThumbnailSize(img.currentSrc || img.src);
  return size !== undefined && size !== 'default' && img.naturalWidth === MISSING_THUMBNAIL_WIDTH;
}
