import type { SiteImage } from '@app/contracts';
import { IMAGE_MIME, imageFile, imageSrc, imageSrcset } from '@app/contracts/site-image-files';
import { type ImgHTMLAttributes, type RefObject, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { isMissing } from '../lib/thumbnail';
import { foundMissing } from '../lib/thumbnail-fallback';

/** Where a thumbnail is: the site's image shown now, or none (the placeholder shows). */
export interface Thumbnail {
  /** The image shown; null when the video has none, or once it turned out missing. */
  current: SiteImage | null;
  ref: RefObject<HTMLImageElement | null>;
  /** The image in `current` turned out missing: the placeholder. */
  failed: () => void;
}

/**
 * A thumbnail: the site's own copy of it (`SiteImage`, served at `/images/…`, so the page asks no other host), or the
 * placeholder when there is none or it fails. The server renders the image; before the app runs the boot script
 * puts the placeholder in place of one that fails (lib/thumbnail-fallback.ts), and the app starts where that left
 * it; an image that failed in between is caught on mount. A component that shows something else with the
 * placeholder (the play facade's label) holds this state itself and draws it with {@link ThumbnailImage}.
 */
export function useThumbnail(image: SiteImage | null | undefined): Thumbnail {
  const src = image ? imageSrc(image) : undefined;
  const [failedSrc, setFailedSrc] = useState<string>();
  const current = image && src !== failedSrc && !foundMissing(src!) ? image : null;
  const ref = useRef<HTMLImageElement>(null);
  const failed = () => setFailedSrc(src);

  useEffect(() => {
    const img = ref.current;
    if (img?.complete && isMissing(img)) failed();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per image
  }, [src]);

  return { current, ref, failed };
}

type ThumbnailImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'onError' | 'onLoad'
> & {
  /** The image's width on the page, for each screen (`image-sizes.ts`): the browser picks the file from it. */
  sizes: string;
  /** The class of the placeholder, which must give it the box the image has. */
  placeholderClassName?: string;
  /** What the placeholder reads (nothing by default). */
  placeholder?: string;
};

/**
 * The image as `<picture>`: AVIF, then WebP, then the JPEG `<img>`, each at every width there is. The page's main image
 * (`fetchPriority="high"`: a watch page's poster) is also preloaded, its AVIF at the width `sizes` asks (a browser
 * without AVIF skips the preload and finds the `<picture>` as it parses): React preloads no image within a
 * `<picture>` by itself.
 */
function SiteImagePicture({
  image,
  sizes,
  imgRef,
  onFailed,
  ...img
}: Omit<ThumbnailImageProps, 'placeholderClassName' | 'placeholder'> & {
  image: SiteImage;
  imgRef: RefObject<HTMLImageElement | null>;
  onFailed: () => void;
}) {
  if (img.fetchPriority === 'high')
    preload(imageFile(image, image.widths[0], 'avif'), {
      as: 'image',
      type: IMAGE_MIME.avif,
      imageSrcSet: imageSrcset(image, 'avif'),
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  return (
    <picture>
      <source type={IMAGE_MIME.avif} srcSet={imageSrcset(image, 'avif')} sizes={sizes} />
      <source type={IMAGE_MIME.webp} srcSet={imageSrcset(image, 'webp')} sizes={sizes} />
      <img
        {...img}
        ref={imgRef}
        src={imageSrc(image)}
        srcSet={imageSrcset(image, 'jpg')}
        sizes={sizes}
        width={image.width}
        height={image.height}
        // Its colour fills the box until the file comes.
        style={{ backgroundColor: image.color }}
        data-thumbnail="image"
        onError={onFailed}
        onLoad={(event) => {
          if (isMissing(event.currentTarget)) onFailed();
        }}
      />
    </picture>
  );
}

/**
 * The image of a {@link Thumbnail}, or its placeholder in the image's box, so nothing moves. The image carries what
 * its placeholder needs, for the boot script to draw it before the app runs (lib/thumbnail-fallback.ts).
 */
export function ThumbnailImage({
  thumbnail: { current, ref, failed },
  placeholderClassName,
  placeholder,
  className,
  ...img
}: ThumbnailImageProps & { thumbnail: Thumbnail }) {
  if (!current)
    return (
      <span className={placeholderClassName ?? className} data-thumbnail="placeholder">
        {placeholder}
      </span>
    );
  return (
    <SiteImagePicture
      {...img}
      image={current}
      imgRef={ref}
      onFailed={failed}
      className={className}
      data-placeholder-class={
        placeholderClassName && placeholderClassName !== className ? placeholderClassName : undefined
      }
      data-placeholder-text={placeholder || undefined}
    />
  );
}

/** A video's (or playlist's) thumbnail with its placeholder (see {@link useThumbnail}). */
export function VideoThumbnail({
  image,
  ...props
}: ThumbnailImageProps & { image: SiteImage | null | undefined }) {
  return <ThumbnailImage thumbnail={useThumbnail(image)} {...props} />;
}
