import { thumbnailFallbacks } from '@app/contracts/youtube';
import { type ImgHTMLAttributes, type RefObject, useEffect, useRef, useState } from 'react';
import { isMissing } from '../lib/thumbnail';
import { firstShown } from '../lib/thumbnail-fallback';

/** Where a thumbnail is in its fallbacks: the URL tried now, or none left (the placeholder shows). */
export interface Thumbnail {
  /** The image URL tried now; undefined once none is left, or when the video has none. */
  current: string | undefined;
  ref: RefObject<HTMLImageElement | null>;
  /** The image in `current` turned out missing: the next one. */
  failed: () => void;
}

/**
 * A video's thumbnail that falls back (issue 23): a YouTube image steps down maxres → sd → hq → mq when a size
 * is missing, any other image goes straight to the placeholder. The server renders the first URL; before the app
 * runs the boot script steps it down (lib/thumbnail-fallback.ts), and the app starts where that left it; an image
 * that failed in between is caught on mount. A component that shows something else with the placeholder (the
 * play facade's label) holds this state itself and draws it with {@link ThumbnailImage}.
 */
export function useThumbnail(src: string | null | undefined): Thumbnail {
  const chain = src ? thumbnailFallbacks(src) : [];
  const [state, setState] = useState(() => ({ src, step: firstShown(chain) }));
  if (state.src !== src) setState({ src, step: firstShown(chain) });
  const step = state.src === src ? state.step : firstShown(chain);
  const current = chain[step];
  const ref = useRef<HTMLImageElement>(null);

  // The error event and the check on mount may both see one failure: only the first steps on.
  const failed = () => setState((s) => (s.src === src && s.step === step ? { src, step: step + 1 } : s));

  useEffect(() => {
    const image = ref.current;
    if (image?.complete && isMissing(image)) failed();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per URL tried
  }, [current]);

  return { current, ref, failed };
}

type ThumbnailImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError' | 'onLoad'> & {
  width: number;
  height: number;
  /** The class of the placeholder, which must give it the box the image has. */
  placeholderClassName?: string;
  /** What the placeholder reads (nothing by default). */
  placeholder?: string;
};

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
    <img
      {...img}
      ref={ref}
      src={current}
      className={className}
      data-thumbnail="image"
      data-placeholder-class={
        placeholderClassName && placeholderClassName !== className ? placeholderClassName : undefined
      }
      data-placeholder-text={placeholder || undefined}
      onError={failed}
      onLoad={(event) => {
        if (isMissing(event.currentTarget)) failed();
      }}
    />
  );
}

/** A video's thumbnail with its fallbacks (see {@link useThumbnail}). */
export function VideoThumbnail({ src, ...props }: ThumbnailImageProps & { src: string | null | undefined }) {
  return <ThumbnailImage thumbnail={useThumbnail(src)} {...props} />;
}
