/** A thumbnail image as `VideoThumbnail` draws it (the placeholder takes its place when it fails). */
export const THUMBNAIL_SELECTOR = 'img[data-thumbnail="image"]';

/** Broken: the file did not come, or was no image. */
export function isMissing(img: HTMLImageElement): boolean {
  return img.naturalWidth === 0;
}
